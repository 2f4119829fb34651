// Every area's texts: commander's help lists every command, and any of them may run.
import './messages-accounts.ts';
import './messages-harvester.ts';
import './messages-kit.ts';
import './messages-lots.ts';
import './messages-mafiles.ts';
import './messages-p2p.ts';
import './messages-proxies.ts';
import './messages-trading.ts';
