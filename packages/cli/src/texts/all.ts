// Every home's texts: commander's help lists every command, and any of them may run.
import './shared.ts';
import '../kit/texts.ts';
import '../commands/accounts/texts-mafiles.ts';
import '../commands/accounts/texts-trading.ts';
import '../commands/accounts/texts.ts';
import '../commands/admin/texts.ts';
import '../commands/config/texts.ts';
import '../commands/currencies/texts.ts';
import '../commands/harvester/texts.ts';
import '../commands/hub/texts.ts';
import '../commands/ledger/texts.ts';
import '../commands/p2p/texts-lots.ts';
import '../commands/p2p/texts.ts';
import '../commands/proxies/texts.ts';
import '../commands/session/texts.ts';
import '../commands/status/texts.ts';
