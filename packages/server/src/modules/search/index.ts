// What other modules may use of global search: the service they register their sources with.
export { SearchService, type SearchSource } from './service.ts';
