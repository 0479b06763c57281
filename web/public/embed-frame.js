// Inside the embedded list (/embed): tell the page around the frame how tall the list is, whenever that
// changes, so that embed.js there can size the frame. Only a height is sent, to whichever page frames us.
(() => {
  if (window.parent === window) return;
  let last = 0;
  const send = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'palcal:embed-height', height }, '*');
  };
  new ResizeObserver(send).observe(document.body);
})();
