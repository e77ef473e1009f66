// The tools panel's own state: whether the map is shown in 3D (terrain), which only that panel toggles.
import { atom } from 'jotai';

export const terrainAtom = atom(false);
