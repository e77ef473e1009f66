// The window size, and whether it is a phone by the spec's breakpoint (768 px or less), kept current
// across resizes and rotations.
import { useEffect, useState } from 'react';

export const phoneQuery = '(max-width: 768px)';

function read() {
  return { width: window.innerWidth, height: window.innerHeight, phone: window.matchMedia(phoneQuery).matches };
}

export function useViewport(): { width: number; height: number; phone: boolean } {
  const [size, setSize] = useState(read);
  useEffect(() => {
    const update = () => setSize(read());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
