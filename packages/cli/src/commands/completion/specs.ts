import type { CommandSpec } from '../../kit/spec.ts';

/** `tradedeck completion bash|zsh|fish`. */
export const COMPLETION: CommandSpec = {
  path: ['completion'],
  args: ['<shell>'],
  text: 'completionDescription',
  examples: [
    'tradedeck completion bash > ~/.local/share/bash-completion/completions/tradedeck',
    'tradedeck completion zsh > ~/.zfunc/_tradedeck',
    'tradedeck completion fish > ~/.config/fish/completions/tradedeck.fish',
  ],
};
