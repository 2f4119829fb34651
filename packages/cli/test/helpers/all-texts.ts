import '../../src/texts/all.ts';
