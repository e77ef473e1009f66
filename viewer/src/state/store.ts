// The one jotai store, shared by React (Provider) and the map code that runs outside React.
import { createStore } from 'jotai';

export const store = createStore();
