import { act, cleanup, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCommandHandlers } from '../src/shared/area/use-command-handlers.ts';
import { renderWithServices } from './helpers/render-with-services.tsx';

afterEach(cleanup);

const refused: typeof fetch = async () => new Response('{}', { status: 500 });

const ran: string[] = [];
let pick: (status: 'pending' | 'banned') => void = () => {};

/** A picked user whose state decides which of the set's commands apply. */
function Picked() {
  const [status, setStatus] = useState<'pending' | 'banned'>('pending');
  pick = setStatus;
  useCommandHandlers('admin', 'picked', {
    approve: status === 'pending' ? () => ran.push('approve') : null,
    ban: status === 'pending' ? () => ran.push('ban') : null,
    unban: status === 'banned' ? () => ran.push('unban') : null,
  });
  return <p>{status}</p>;
}

describe('command handlers of a set', () => {
  it('makes available only the commands whose handler is there now, and follows when that changes', () => {
    const { commands } = renderWithServices(<Picked />, refused);
    commands.context = { isSignedIn: () => true } as unknown as typeof commands.context;
    const available = () =>
      ['admin.approve', 'admin.ban', 'admin.unban'].filter((id) =>
        commands.isAvailable(commands.definition(id)!),
      );
    expect(available()).toEqual(['admin.approve', 'admin.ban']);
    expect(commands.run('admin.unban')).toBe(false);
    expect(commands.run('admin.ban')).toBe(true);

    act(() => pick('banned'));
    expect(screen.getByText('banned')).toBeDefined();
    expect(available()).toEqual(['admin.unban']);
    expect(commands.run('admin.ban')).toBe(false);
    expect(commands.run('admin.unban')).toBe(true);
    expect(ran).toEqual(['ban', 'unban']);
  });
});
