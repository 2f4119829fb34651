/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_MESSENGER_URL?: string;
}
