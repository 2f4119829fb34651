import '../../src/messages-all.ts';
