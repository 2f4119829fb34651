import { type HubMessage, type IHubProtocol, type ILogger, JsonHubProtocol } from '@microsoft/signalr';

export type FrameDirection = 'in' | 'out';
export type FrameListener = (direction: FrameDirection, message: HubMessage) => void;

/** The JSON hub protocol, reporting every message it reads or writes (for socket debugging). */
export class TappedJsonProtocol implements IHubProtocol {
  readonly #inner = new JsonHubProtocol();
  readonly name = this.#inner.name;
  readonly version = this.#inner.version;
  readonly transferFormat = this.#inner.transferFormat;

  constructor(private readonly listener: FrameListener) {}

  parseMessages(input: string | ArrayBuffer, logger: ILogger): HubMessage[] {
    const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
    const messages = this.#inner.parseMessages(text, logger);
    for (const message of messages) this.listener('in', message);
    return messages;
  }

  writeMessage(message: HubMessage): string | ArrayBuffer {
    this.listener('out', message);
    return this.#inner.writeMessage(message);
  }
}
