// Headless Chromium as the browser tests and the viewer benches run it (shared/recipes/browser-e2e.md):
// Debian's chromium (installed with the system packages), WebGL through SwiftShader, nothing that
// reaches the network or spends CPU beside the page.
export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--mute-audio',
];
