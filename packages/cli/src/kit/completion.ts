import type { Command } from 'commander';
import { commandPath } from './help.ts';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  path: string;
  words: string[];
}

/** Every command path with what may follow it: subcommands and long options. */
function nodes(program: Command): Node[] {
  const all: Node[] = [];
  const walk = (command: Command) => {
    const options = command.options.filter((o) => !o.hidden && o.long).map((o) => o.long!);
    all.push({
      path: commandPath(command),
      words: [...command.commands.map((c) => c.name()), ...options, '--help'],
    });
    command.commands.forEach(walk);
  };
  walk(program);
  // Deepest first: the shell picks the first pattern that matches the words typed so far.
  return all.sort((a, b) => b.path.split(' ').length - a.path.split(' ').length);
}

/** A completion script for `shell`, generated from the commands themselves. */
export function completionScript(program: Command, shell: Shell): string {
  const name = program.name();
  const list = nodes(program);
  if (shell === 'fish') return fishScript(name, list);
  const cases = list
    .map((node) => `    ${node.path === '' ? "''" : `'${node.path}'*`}) words='${node.words.join(' ')}' ;;`)
    .join('\n');
  const bash = `_${name}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$word" in -*) ;; *) path="\${path:+$path }$word" ;; esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -F _${name} ${name}
`;
  if (shell === 'bash') return `# ${name} completion for bash\n${bash}`;
  return `#compdef ${name}\n# ${name} completion for zsh (through bash completion)\nautoload -U +X bashcompinit && bashcompinit\n${bash}`;
}

function fishScript(name: string, list: Node[]): string {
  const lines = [`# ${name} completion for fish`, `complete -c ${name} -f`];
  for (const node of list) {
    const parts = node.path.split(' ').filter(Boolean);
    const condition =
      parts.length === 0 ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${parts[parts.length - 1]}`;
    for (const word of node.words) {
      lines.push(
        word.startsWith('--')
          ? `complete -c ${name} -n '${condition}' -l ${word.slice(2)}`
          : `complete -c ${name} -n '${condition}' -a ${word}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
