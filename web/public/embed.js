// For pages that show the calendar's list in an <iframe> (/embed): include this script once, anywhere
// on the page, and each such frame takes the height of the list it shows (no inner scroll bar). The
// frame tells its height (embed-frame.js); only messages from the calendar's own address are read.
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  window.addEventListener('message', (event) => {
    if (event.origin !== origin) return;
    const data = event.data;
    if (data?.type !== 'palcal:embed-height' || typeof data.height !== 'number') return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow === event.source) {
        frame.style.height = `${Math.min(Math.max(Math.ceil(data.height), 80), 20000)}px`;
      }
    }
  });
})();
