export { Autocomplete, type AutocompleteProps } from './Autocomplete.js';
