// The test driver of listlab serve's page, never served by it: Scripts/browse-tabs.py adds it to
// every document of its tabs before the page's own scripts run (DevTools'
// Page.addScriptToEvaluateOnNewDocument), then calls listlabDriver.drive(LINES) over the protocol.
// It works the page as a user does, typing each line into the prompt and pressing its buttons, and
// waits for the server's answer on the page's own socket, which it watches from here. It then writes
// what the page drew into <pre id="listlab-check">, the report Scripts/check-browser and
// listlab-page-check read. A line is a command, or one of:
//   :tour NAME   open a tour or lesson from the menu and Play it, each exercise solved with Solution, then Check
//   :open NAME   open it only          :step    Step (or Check)      :solve   Solution, then Check
//   :close       Close the lesson      :save    Save session      :click ID  press a button that runs a step
// For a page of listlab render (a file, no server), Scripts/check-pictures calls
// listlabDriver.checkPictures() instead: every figure plays once, then the same report.
(() => {
  'use strict';
  // What the server sent the page, each message once the page's own listener has had it (a timer
  // puts it after every listener of the event): an answer waited for here has reached the page.
  const delivered = [];
  const waiters = [];
  let sockets = 0;
  const deliver = (message) => setTimeout(() => {
    delivered.push(message);
    for (const wake of waiters.splice(0)) wake();
  }, 0);
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      sockets += 1;
      this.addEventListener('message', (event) => deliver(JSON.parse(event.data)));
      this.addEventListener('close', (event) => deliver({ kind: 'closed', code: event.code, reason: event.reason }));
    }
  };

  async function drive(lines) {
    // The page's scripts have run (the driver may be called as soon as the document is made).
    if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve));
    const pictures = window.listlabPictures;
    const $ = (id) => document.getElementById(id);
    const problems = [];
    const notes = [];
    const lesson = { roles: [], next: 0 };
    let read = 0;
    // The next message of one of KINDS the page has had; a lesson's messages are followed on the way.
    async function answer(kinds) {
      for (;;) {
        while (read < delivered.length) {
          const message = delivered[read++];
          if (message.kind === 'lesson') lesson.roles = message.items.filter((item) => 'command' in item).map((item) => item.role || 'step');
          if (message.kind === 'lessonState') lesson.next = message.next;
          if (message.kind === 'closed') throw new Error('the page\'s socket was closed (' + message.code + (message.reason ? ': ' + message.reason : '') + ')');
          if (kinds.includes(message.kind)) return message;
        }
        await new Promise((wake) => waiters.push(wake));
      }
    }
    // Does DOING (a user's action, WHAT), then waits for the server's answer to it: one of KINDS, or a
    // refusal, which fails the run unless REFUSABLE (a command or a step may be refused as a user's is).
    async function act(what, doing, kinds, refusable) {
      const wanted = answer([...kinds, 'refused']);
      doing();
      const message = await wanted;
      if (message.kind === 'refused' && !refusable) throw new Error(what + ' was refused: ' + message.message);
      await settled();
      return message;
    }
    // Every animation the page started has run to its end (the browser plays them fast: DevTools'
    // Animation.setPlaybackRate). A picture's frames play one after another, each started when the
    // one before ends, so the page's promise chains get a turn before each look; and the page's own
    // count of the animations that finished must have caught up with those it started, which on a
    // busy machine it may not have when none is running any more. It waits for those events, never
    // for a time: the run's own deadline (Scripts/browse-tabs.py) bounds it.
    async function settled() {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        const running = document.getAnimations().filter((animation) => animation.playState === 'running');
        const counted = !pictures || pictures.counts.finished >= pictures.counts.started;
        if (running.length === 0 && counted) return;
        await Promise.allSettled(running.map((animation) => animation.finished));
      }
    }
    const atCheck = () => lesson.roles[lesson.next] === 'check';
    const atEnd = () => lesson.next >= lesson.roles.length;
    function click(id) {
      if ($(id).disabled || $(id).hidden) throw new Error('#' + id + ' cannot be pressed now');
      $(id).click();
    }
    const open = (name) => act(':open ' + name, () => {
      const menu = $('tours');
      menu.value = name;
      if (menu.hidden || menu.value !== name) throw new Error('no tour or lesson ' + name + ' in the menu');
      menu.dispatchEvent(new Event('change'));
    }, ['lessonState']);
    const step = () => act(':step', () => click('lesson-step'), ['lessonState'], true);
    // Solution runs the lesson's own commands, then Check.
    async function solve() {
      await act(':solve', () => click('lesson-solve'), ['lessonState']);
      await step();
    }
    // Play runs the steps up to an exercise's Check or the end; each step's state comes in turn.
    async function play() {
      const wanted = answer(['lessonState', 'refused']);
      click('lesson-play');
      for (let message = await wanted; message.kind === 'lessonState' && !atCheck() && !atEnd();) {
        message = await answer(['lessonState', 'refused']);
      }
      await settled();
    }
    async function tour(name) {
      await open(name);
      for (;;) {
        if (!atCheck() && !atEnd()) await play();
        if (!atCheck()) return;
        // Every hint of the exercise, one click each, as a learner asks for them (the server sends each one).
        while (!$('lesson-hint').hidden) await act(':hint', () => click('lesson-hint'), ['hint']);
        await solve();
        // The lesson's own solution that its Check does not pass: the report's 'not yet' line says so.
        if (atCheck()) return;
      }
    }
    function type(line) {
      if ($('line').disabled) throw new Error('the prompt takes no command now (' + line + ')');
      $('line').value = line;
      $('prompt').requestSubmit();
    }

    // Each exercise's verdict as the student saw it when it came: its words, its colour, and whether the
    // page put it in view above the bar at the foot.
    const verdicts = new Set();
    function seeVerdicts() {
      for (const verdict of document.querySelectorAll('.verdict')) {
        if (verdicts.has(verdict)) continue;
        verdicts.add(verdict);
        const box = verdict.getBoundingClientRect();
        const bar = $('footer').getBoundingClientRect();
        notes.push('verdict: ' + verdict.firstChild.textContent.split(':')[0] + ' (' + getComputedStyle(verdict).color + ', '
          + (box.top >= 0 && box.top < bar.top ? 'in view' : 'not in view') + ')');
      }
    }

    try {
      if (!pictures) throw new Error('the page has no pictures (pictures.js did not run)');
      if (sockets === 0) throw new Error('the page opened no socket');
      await answer(['welcome']);
      await settled();
      for (const line of lines) {
        if (line.startsWith(':tour ')) await tour(line.slice(6));
        else if (line.startsWith(':open ')) await open(line.slice(6));
        else if (line === ':step') await step();
        else if (line === ':solve') await solve();
        else if (line === ':close') await act(line, () => click('lesson-close'), ['lessonClosed']);
        else if (line.startsWith(':click ')) await act(line, () => click(line.slice(7)), ['step'], true);
        else if (line === ':save') {
          const saved = await act(line, () => click('save'), ['transcript']);
          notes.push('saved ' + saved.name + ': ' + saved.text.split('\n').filter((text) => text.startsWith('  > ')).length + ' commands');
        } else await act(line, () => type(line), ['step'], true);
        await settled();
        seeVerdicts();
      }
      await settled();
    } catch (error) {
      problems.push('driver: ' + error.message);
    }
    const downloads = Array.from(document.querySelectorAll('p.download a'), (link) => link.download);
    if (downloads.length) notes.push('downloads: ' + downloads.join(', '));
    const drifts = delivered.filter((message) => message.kind === 'drift')
      .map((message) => (message.check ? 'not yet: step ' : 'drifted: step ') + message.number);
    notes.push('lesson steps drifted: ' + drifts.length, ...drifts);
    // Each hint shown, with what its prose made: its code and its links' addresses.
    for (const hint of Array.from(document.querySelectorAll('p.lesson-mark')).filter((line) => line.textContent.startsWith('Hint '))) {
      notes.push('hint: ' + hint.textContent + ' | code: ' + Array.from(hint.querySelectorAll('code'), (code) => code.textContent).join(', ')
        + ' | links: ' + Array.from(hint.querySelectorAll('a'), (link) => link.getAttribute('href')).join(', '));
    }
    // In the presenter's view (?present): the steps shown, the smallest text of what they show, and
    // the bar's height, which a projector's 768 pixels must leave room beside.
    if (document.body.classList.contains('presenting')) {
      const shown = Array.from($('steps').children).filter((child) => child.offsetParent !== null);
      const texts = shown.flatMap((child) => Array.from(child.querySelectorAll('pre, p, h3')).concat([child]))
        .filter((element) => element.offsetParent !== null && element.matches('pre, p, h3') && element.textContent.trim());
      const smallest = Math.min(...texts.map((element) => parseFloat(getComputedStyle(element).fontSize)));
      const steps = shown.filter((child) => child.matches('.step'));
      // A cell's badge is a rounded rect of one of two fills (new, reused) behind its name.
      const badges = steps.flatMap((step) => Array.from(step.querySelectorAll('g.final rect[rx="7"]'))).length;
      notes.push('presenter: ' + steps.length + ' step shown' + (steps.some((step) => step.matches('.yours')) ? ' (your own)' : '') + ', smallest text ' + smallest
        + ' px, bar ' + Math.round($('footer').getBoundingClientRect().height) + ' px, ' + badges + ' badges');
    }
    // What a room sees of the page at this window's size: the page's width beside the window's (a wider
    // page scrolls sideways), the smallest text on screen (the page's own, and the pictures' SVG text at
    // its drawn size), whether the next command (or the prompt) is in view, and the phone's drawn size.
    {
      const html = [];
      const svg = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) {
        const element = walker.currentNode.parentElement;
        if (!walker.currentNode.textContent.trim() || !element || element.closest('#listlab-check, option, title, script, style')) continue;
        if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') continue;
        const size = parseFloat(getComputedStyle(element).fontSize);
        if (element instanceof SVGElement) {
          const matrix = element.getScreenCTM();
          if (matrix) svg.push(size * Math.hypot(matrix.a, matrix.b));
        } else html.push({ size, what: element.tagName.toLowerCase() + (element.id ? '#' + element.id : element.className ? '.' + String(element.className).split(' ')[0] : '') });
      }
      const smallest = html.reduce((least, entry) => (entry.size < least.size ? entry : least), { size: Infinity, what: 'none' });
      const next = [$('lesson-bar').hidden ? null : $('lesson-next'), $('line')].find((element) => element && element.getClientRects().length);
      const box = next ? next.getBoundingClientRect() : null;
      // In view, and whole: a command cut short with an ellipsis is not the next command.
      const holder = next && next.closest('.next');
      const inView = box && box.top >= 0 && box.bottom <= window.innerHeight && (!holder || holder.scrollWidth <= holder.clientWidth + 1);
      const phones = Array.from(document.querySelectorAll('svg.screen')).filter((phone) => phone.getClientRects().length);
      const phone = phones.length ? phones[phones.length - 1].getBoundingClientRect() : null;
      notes.push('room: page ' + document.documentElement.scrollWidth + ' of window ' + window.innerWidth + ' px, smallest text '
        + smallest.size + ' px (' + smallest.what + '), smallest picture text ' + (svg.length ? Math.round(Math.min(...svg) * 10) / 10 : 'none')
        + ' px, next command ' + (inView ? 'in view' : 'not in view') + ', phone ' + (phone ? Math.round(phone.width) + 'x' + Math.round(phone.height) : 'none') + ' px');
    }
    // What the user sees of the connection, and the address left in the address bar.
    notes.push('status: ' + $('status').textContent, 'address: ' + location.href);
    // The page's own parts, which it loads from its server; anything else would be fetched from outside.
    const ownParts = ['/listlab.css', '/pictures.js', '/page.js'].map((path) => location.origin + path);
    const errors = [...(pictures ? pictures.errors : []), ...problems];
    const report = ['errors: ' + errors.length, ...errors, ...notes];
    if (pictures) {
      report.push('animations: ' + pictures.counts.started + ' started, ' + pictures.counts.finished + ' finished',
        'resources: ' + performance.getEntriesByType('resource').filter((entry) => !ownParts.includes(entry.name)).length);
      const overlapping = pictures.overlaps();
      report.push('overlaps: ' + overlapping.length, ...overlapping);
      for (const { step, svg } of pictures.shown()) report.push('step ' + step, ...pictures.lines(svg));
    }
    const pre = document.createElement('pre');
    pre.id = 'listlab-check';
    pre.textContent = report.join('\n');
    document.body.appendChild(pre);
  }
  // What a rendered page's pictures drew, after every figure played to its end: the errors, the
  // animations started and finished, the resources fetched, the overlaps, and each figure's rows.
  async function checkPictures() {
    if (document.readyState !== 'complete') await new Promise((resolve) => window.addEventListener('load', resolve));
    const pictures = window.listlabPictures;
    const report = [];
    try {
      if (!pictures) throw new Error('the page has no pictures script');
      const figures = pictures.players();
      for (const { player } of figures) await player.play();
      report.push('errors: ' + pictures.errors.length, ...pictures.errors,
        'animations: ' + pictures.counts.started + ' started, ' + pictures.counts.finished + ' finished',
        'resources: ' + performance.getEntriesByType('resource').length);
      const overlapping = pictures.overlaps();
      report.push('overlaps: ' + overlapping.length, ...overlapping);
      for (const { player, step } of figures) {
        report.push('step ' + step, ...pictures.lines(player.frames[player.index].querySelector('svg.screen')));
      }
    } catch (error) {
      report.splice(0, report.length, 'errors: 1', 'check failed: ' + error.message);
    }
    const pre = document.createElement('pre');
    pre.id = 'listlab-check';
    pre.textContent = report.join('\n');
    document.body.appendChild(pre);
  }
  Object.defineProperty(window, 'listlabDriver', { value: { drive, checkPictures } });
})();
