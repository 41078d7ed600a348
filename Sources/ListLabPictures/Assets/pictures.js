(() => {
  'use strict';
  document.documentElement.classList.add('js');
  const errors = [];
  window.addEventListener('error', (event) => errors.push('script error: ' + event.message));
  document.addEventListener('securitypolicyviolation', (event) => errors.push('blocked: ' + event.blockedURI));
  const SPLIT = 0.4;
  const DURATION = 1400;
  // The page acts on nothing in its address: its checks drive it over the DevTools protocol
  // (Scripts/lib/page-driver.js), through window.listlabPictures below.
  const counts = { started: 0, finished: 0 };

  function at(x, y, scale, opacity, offset) {
    const frame = { transform: `translate(${x}px, ${y}px) scale(1, ${scale})`, opacity: opacity };
    if (offset !== undefined) frame.offset = offset;
    return frame;
  }
  function keyframes(motion, x, from, to) {
    switch (motion) {
      case 'slides': case 'changesInPlace': case 'stays':
        return [at(x, from, 1, 1), at(x, from, 1, 1, SPLIT), at(x, to, 1, 1)];
      case 'collapses': return [at(x, from, 1, 1), at(x, from, 0, 0, SPLIT), at(x, from, 0, 0)];
      case 'fadesOut': return [at(x, from, 1, 1), at(x, from, 1, 0, SPLIT), at(x, from, 1, 0)];
      case 'leaves': return [at(x, from, 1, 1), at(x, from, 1, 1, SPLIT), at(x, from, 1, 0)];
      case 'opens': return [at(x, to, 0, 0), at(x, to, 0, 0, SPLIT), at(x, to, 1, 1)];
      default: return [at(x, to, 1, 0), at(x, to, 1, 0, SPLIT), at(x, to, 1, 1)];
    }
  }
  // A reader who asks for less motion sees each stage's end at once.
  const still = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  function run(element, frames) {
    const animation = element.animate(frames, { duration: still ? 0 : DURATION, easing: 'ease-in-out', fill: 'both' });
    counts.started += 1;
    return animation.finished.then(() => { counts.finished += 1; });
  }
  function animate(frame) {
    const svg = frame.querySelector('svg.screen');
    const final = svg.querySelector('g.final');
    const layer = svg.querySelector('g.anim');
    const waits = [];
    if (layer) {
      for (const old of layer.getAnimations({ subtree: true })) old.cancel();
      final.style.display = 'none';
      layer.style.display = '';
      for (const sprite of layer.querySelectorAll('g.sprite')) {
        const from = Number(sprite.dataset.from);
        const to = Number(sprite.dataset.to);
        const x = Number(sprite.dataset.x);
        const motion = sprite.dataset.motion;
        waits.push(run(sprite, keyframes(motion, x, from < 0 ? to : from, to < 0 ? from : to)));
        if (motion === 'changesInPlace') {
          waits.push(run(sprite.querySelector('g.old'), [{ opacity: 1 }, { opacity: 1, offset: SPLIT }, { opacity: 0 }]));
          waits.push(run(sprite.querySelector('g.new'), [{ opacity: 0 }, { opacity: 0, offset: SPLIT }, { opacity: 1 }]));
        }
      }
    }
    const banner = svg.querySelector('g.banner');
    if (banner) waits.push(run(banner, [{ opacity: 1 }, { opacity: 0.35 }, { opacity: 1 }, { opacity: 0.35 }, { opacity: 1 }]));
    return Promise.all(waits).then(() => {
      if (layer) {
        layer.style.display = 'none';
        final.style.display = '';
      }
    });
  }

  class Player {
    constructor(figure) {
      this.figure = figure;
      this.frames = Array.from(figure.querySelectorAll('.frame.after'));
      this.index = this.frames.length - 1;
      this.busy = false;
      this.show(this.index);
      const controls = figure.querySelector('.controls');
      if (!controls) return;
      controls.hidden = false;
      controls.addEventListener('click', (event) => {
        const action = event.target.dataset && event.target.dataset.action;
        if (action === 'play' || action === 'replay') this.play();
        if (action === 'step') this.step();
      });
    }
    show(index) {
      this.frames.forEach((frame, position) => frame.classList.toggle('current', position === index));
      const stage = this.frames[index] && this.frames[index].dataset.stage;
      for (const item of this.figure.querySelectorAll('ol.stages li')) {
        item.classList.toggle('current', item.dataset.stage === stage);
      }
    }
    async stage(index) {
      this.index = index;
      this.show(index);
      await animate(this.frames[index]);
    }
    async play() {
      if (this.busy) return;
      this.busy = true;
      for (let index = 0; index < this.frames.length; index += 1) await this.stage(index);
      this.busy = false;
    }
    async step() {
      if (this.busy) return;
      this.busy = true;
      await this.stage((this.index + 1) % this.frames.length);
      this.busy = false;
    }
  }

  function lines(svg) {
    if (!svg.checkVisibility()) return ['(the picture is hidden)'];
    const empty = svg.querySelector('g.final text.empty');
    if (empty) return [empty.textContent];
    const columns = Number(svg.dataset.columns);
    const out = [];
    const above = svg.querySelector('tspan.above');
    if (above) out.push('   ... ' + above.textContent);
    for (const row of svg.querySelectorAll('g.final .row')) {
      if (!row.checkVisibility()) continue;
      if (row.classList.contains('header')) { out.push('== ' + row.querySelector('.h').textContent + ' =='); continue; }
      if (row.classList.contains('footer')) { out.push('-- ' + row.querySelector('.f').textContent + ' --'); continue; }
      const items = Array.from(row.querySelectorAll('g.item'));
      const text = (item) => {
        const selected = columns > 1 && item.classList.contains('sel') ? '*' : '';
        const detail = item.querySelector('.d');
        // A truncated text ("…") keeps the whole of it in data-full.
        const whole = (element) => element.getAttribute('data-full') || element.textContent;
        let line = selected + item.querySelector('.p').textContent + '  ' + whole(item.querySelector('.t'));
        if (detail) line += ' \u2014 ' + whole(detail);
        const cell = item.querySelector('.c');
        if (cell) line += '  <' + cell.querySelector('.ci').textContent + ' ' + cell.querySelector('.cn').textContent + '>';
        return line;
      };
      const mark = columns === 1 && items.some((item) => item.classList.contains('sel')) ? ' * ' : '   ';
      out.push(mark + items.map(text).join(' | '));
    }
    const below = svg.querySelector('tspan.below');
    if (below) out.push('   ... ' + below.textContent);
    return out;
  }

  // Text that runs into other text, in every picture (each shown while it is measured): the box
  // of each <text>, cut to the nested <svg> viewports that clip it, against every other.
  function overlaps() {
    document.documentElement.classList.add('measuring');
    const found = [];
    const cut = (a, b) => {
      const left = Math.max(a.left, b.left), top = Math.max(a.top, b.top);
      const right = Math.min(a.right, b.right), bottom = Math.min(a.bottom, b.bottom);
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    document.querySelectorAll('figure.pictures').forEach((figure) => {
      for (const svg of figure.querySelectorAll('svg.screen')) {
        const boxes = [];
        for (const text of svg.querySelectorAll('g.final text, g.banner text')) {
          if (!text.textContent.trim() || text.closest('[display="none"]')) continue;
          let box = text.getBoundingClientRect();
          for (let parent = text.parentElement; parent && parent !== svg; parent = parent.parentElement) {
            if (parent.tagName.toLowerCase() !== 'svg') continue;
            // A nested <svg>'s viewport, which clips what it holds, in the page's coordinates.
            const m = parent.getScreenCTM();
            const w = parent.width.baseVal.value * m.a, h = parent.height.baseVal.value * m.d;
            box = cut(box, { left: m.e, top: m.f, right: m.e + w, bottom: m.f + h });
          }
          if (box.width > 0.5 && box.height > 0.5) boxes.push({ box, text: text.textContent });
        }
        for (let i = 0; i < boxes.length; i += 1) {
          for (let j = i + 1; j < boxes.length; j += 1) {
            const both = cut(boxes[i].box, boxes[j].box);
            if (both.width > 0.5 && both.height > 0.5) {
              found.push('overlap: step ' + figure.dataset.step + ': "' + boxes[i].text + '" and "' + boxes[j].text + '"');
            }
          }
        }
      }
    });
    document.documentElement.classList.remove('measuring');
    return found;
  }

  const figures = Array.from(document.querySelectorAll('figure.pictures'));
  const players = figures.map((figure) => new Player(figure));
  // For a page that adds steps as they run (listlab serve): a player for a new figure. For a check
  // that reads the page: the players, and the rows a picture draws.
  const attached = [];
  window.listlabPictures = {
    attach: (figure) => { const player = new Player(figure); attached.push(player); return player; },
    // The picture each attached figure shows now.
    shown: () => attached.map((player) => ({ step: player.figure.dataset.step, svg: player.frames[player.index].querySelector('svg.screen') })),
    // The figures a rendered page was made with, each with its player.
    players: () => players.map((player) => ({ player, step: player.figure.dataset.step })),
    lines: lines, overlaps: overlaps, errors: errors, counts: counts,
  };
})();
