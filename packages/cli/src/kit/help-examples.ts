/**
 * Two or three examples per command, shown at the end of its help, keyed by the command's path: for the groups whose
 * commands are not declared as specs yet (a spec carries its own examples).
 */
export const HELP_EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  status: ['tradedeck status', 'tradedeck status --server http://10.0.0.5:8080 --json'],
  'config get': ['tradedeck config get', 'tradedeck config get server'],
  'config set': ['tradedeck config set server http://127.0.0.1:8080', 'tradedeck config set language ru'],
  login: [
    'tradedeck login',
    'tradedeck login --email me@example.com --password-stdin < password.txt',
    'tradedeck login --token "$TRADEDECK_TOKEN"',
  ],
  logout: ['tradedeck logout'],
  whoami: ['tradedeck whoami', 'tradedeck whoami --json'],
  'settings get': ['tradedeck settings', 'tradedeck settings get --json'],
  'settings set': ['tradedeck settings set displayed EUR', 'tradedeck settings set tm USD'],
  rates: ['tradedeck rates', 'tradedeck rates --json'],
  'admin users': [
    'tradedeck admin users --status pendingApproval',
    'tradedeck admin users --search example.com',
  ],
  'admin approve': ['tradedeck admin approve new@example.com'],
  'admin ban': ['tradedeck admin ban spam@example.com --reason "spam"'],
  'admin unban': ['tradedeck admin unban spam@example.com'],
  'admin end-sessions': ['tradedeck admin end-sessions lost-laptop@example.com'],
  'admin outbox': ['tradedeck admin outbox --limit 5'],
  'admin leases': ['tradedeck admin leases', 'tradedeck admin leases --json'],
  'hub connect': [
    'tradedeck hub connect proxy-checker-hub --on ProxyStatusUpdated --count 10',
    'tradedeck hub connect notifications-hub --timeout 30',
  ],
  'proxies import': [
    'tradedeck proxies import proxies.txt --tag fresh',
    'cat list.txt | tradedeck proxies import - --protocol socks5',
  ],
  'proxies ls': [
    'tradedeck proxies ls --tag fresh --status idle',
    'tradedeck proxies ls --all | cut -f3',
    'tradedeck proxies ls --country DE --json',
  ],
  'proxies check': [
    'tradedeck proxies check --tag fresh',
    'tradedeck proxies check --ids 1,2,3 --timeout 60',
  ],
  'proxies export': [
    'tradedeck proxies export --format ip_port_auth --tag fresh > proxies.txt',
    'tradedeck proxies export --template "{protocol}://{login}:{pass}@{ip}:{port}"',
  ],
  'proxies rm': [
    'tradedeck proxies rm 12 13',
    'tradedeck proxies rm --tag old --yes',
    'tradedeck proxies rm 7 --detach',
  ],
  'proxies tag add': ['tradedeck proxies tag add fresh 1 2 3'],
  'proxies tag rm': ['tradedeck proxies tag rm fresh 1,2,3'],
  'p2p lots ls': [
    'tradedeck p2p lots ls --status on_sale --issue out_of_range',
    'tradedeck p2p lots ls --all | cut -f2,4',
    'tradedeck p2p lots ls --all --json > lots.json',
  ],
  'p2p reprice': [
    'tradedeck p2p reprice --strategy thresholds:95-105 --profile balanced',
    'tradedeck p2p reprice --strategy single:median --group "AK-47 | Redline (Field-Tested)" --apply',
    'tradedeck p2p reprice --strategy fixed:10-12.5 --currency USD --ids 41,42 --apply --yes --json',
  ],
  'p2p sales': [
    'tradedeck p2p sales --from 2026-11-01 --to 2026-11-30',
    'tradedeck p2p sales --from 2026-11-01 --csv > november.csv',
  ],
  'p2p prices import': [
    'tradedeck p2p prices import prices.txt --currency USD',
    "cut -d, -f1,3 --output-delimiter=';' export.csv | tradedeck p2p prices import -",
  ],
  completion: [
    'tradedeck completion bash > ~/.local/share/bash-completion/completions/tradedeck',
    'tradedeck completion zsh > ~/.zfunc/_tradedeck',
    'tradedeck completion fish > ~/.config/fish/completions/tradedeck.fish',
  ],
};
