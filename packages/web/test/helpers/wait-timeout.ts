import { configure } from '@testing-library/react';

// `waitFor` and `findBy…` give up after 1 s by default. Beside the server suites on two cores, a debounced search
// and its render have taken over 6 s; a wait that holds returns as soon as it holds, so the longer bound costs a
// passing test nothing.
configure({ asyncUtilTimeout: 10_000 });
