(() => {
  'use strict';
  const steps = document.getElementById('steps');
  const form = document.getElementById('prompt');
  const input = document.getElementById('line');
  const status = document.getElementById('status');
  const offered = document.getElementById('candidates');
  const pictures = window.listlabPictures;
  const history = [];
  let back = 0;
  let ended = false;
  const check = location.hash.startsWith('#check=')
    ? decodeURIComponent(location.hash.slice(7)).split('\n').filter((line) => line.length > 0) : null;
  const drawn = [];
  // The open lesson: its items (prose and commands), how many of its commands have run (next), the
  // items shown so far (at), and its counts; it runs in a session of its own on the server.
  const lesson = { items: [], roles: [], at: 0, next: 0, commands: 0, matched: 0, drifted: 0, name: '', playing: false, opened: null, stepped: null, fromFile: false };
  let classroom = false;
  const notes = [];
  const downloads = [];
  const drifts = [];
  let saved = null;
  let closed = null;
  // The lesson's title at the top; its next step and controls in the bar above the prompt, which stays in view.
  const lessonBox = document.getElementById('lesson');
  const lessonBar = document.getElementById('lesson-bar');
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/socket');
  let waiting = null;

  function send(message) {
    socket.send(JSON.stringify(message));
  }
  function run(line) {
    history.push(line);
    back = 0;
    return new Promise((resolve) => { waiting = resolve; send({ command: line }); });
  }
  // Errors come marked from the server, every line of one; a page without the marks gets them by the `error:` prefix.
  function markErrors(section) {
    for (const pre of section.querySelectorAll('pre.output')) {
      if (pre.querySelector('span.error')) continue;
      const text = pre.textContent;
      pre.textContent = '';
      text.split('\n').forEach((line, index) => {
        if (index > 0) pre.appendChild(document.createTextNode('\n'));
        if (line.startsWith('error:')) {
          const span = document.createElement('span');
          span.className = 'error';
          span.textContent = line;
          pre.appendChild(span);
        } else {
          pre.appendChild(document.createTextNode(line));
        }
      });
    }
  }
  async function addStep(message) {
    const template = document.createElement('template');
    template.innerHTML = message.html;
    const section = template.content.firstElementChild;
    markErrors(section);
    steps.appendChild(section);
    const plays = [];
    for (const figure of section.querySelectorAll('figure.pictures')) {
      const player = pictures.attach(figure);
      plays.push(player.play());
      drawn.push({ step: message.number, player: player });
    }
    if (!check) window.scrollTo(0, document.body.scrollHeight);
    await Promise.all(plays);
    if (message.ended) {
      ended = true;
      input.disabled = true;
      status.textContent = 'the session has ended: reload the page for a new one';
    }
  }
  // The session this tab had before a reload, kept by the server a while after the tab closes.
  socket.addEventListener('open', () => {
    status.textContent = 'connected';
    send({ hello: check ? '' : (sessionStorage.getItem('listlab-tab') || '') });
  });
  // The server says why it closed (it stopped, the classroom is full) as the close frame's reason.
  socket.addEventListener('close', (event) => {
    if (!ended) status.textContent = 'disconnected' + (event.reason ? ' (' + event.reason + ')' : '') + ': reload the page for a new session';
    input.disabled = true;
  });
  socket.addEventListener('message', async (event) => {
    const message = JSON.parse(event.data);
    if (message.kind === 'welcome') {
      sessionStorage.setItem('listlab-tab', message.key);
      status.textContent = message.banner + ': a session of your own';
      const tours = document.getElementById('tours');
      while (tours.options.length > 1) tours.remove(1);
      for (const [label, names] of [['Tours', message.tours], ['Your teacher\'s lessons', message.lessons]]) {
        if (names.length === 0) continue;
        const group = document.createElement('optgroup');
        group.label = label;
        for (const name of names) {
          const option = document.createElement('option');
          option.value = name;
          option.textContent = name;
          group.appendChild(option);
        }
        tours.appendChild(group);
      }
      tours.hidden = message.tours.length + message.lessons.length === 0;
      classroom = message.classroom;
      document.getElementById('upload-label').hidden = !message.classroom;
      if (message.classroom) status.textContent += ' (a classroom: your own folder, for the samples and your uploads)';
      // A lesson's link (/?lesson=NAME) opens it once, in a new tab's session (a reload comes back to the lesson as it was).
      const linked = new URLSearchParams(location.search).get('lesson');
      if (linked && !check && sessionStorage.getItem('listlab-linked') !== linked) {
        sessionStorage.setItem('listlab-linked', linked);
        lesson.fromFile = false;
        send({ tour: linked });
      }
      if (check) runChecks();
    }
    if (message.kind === 'uploaded') note('uploaded ' + message.name + ' (' + message.bytes + ' bytes): load it by that name');
    if (message.kind === 'download') {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([message.text], { type: 'text/plain' }));
      link.download = message.name;
      link.textContent = 'download ' + message.name + ', as this command wrote it';
      const line = document.createElement('p');
      line.className = 'download';
      line.appendChild(link);
      steps.appendChild(line);
      downloads.push(message.name);
    }
    if (message.kind === 'transcript') {
      download(message.name, message.text);
      if (saved) { const done = saved; saved = null; done(message); }
    }
    if (message.kind === 'lesson') openLesson(message);
    if (message.kind === 'lessonState') lessonState(message);
    if (message.kind === 'lessonClosed') {
      lessonBox.hidden = true;
      lessonBar.hidden = true;
      note('the lesson is closed: commands run in your own session again', 'lesson-mark');
      if (closed) { const done = closed; closed = null; done(); }
    }
    if (message.kind === 'drift') markDrift(message);
    if (message.kind === 'step') {
      await addStep(message);
      if (waiting) { const done = waiting; waiting = null; done(message); }
    }
    if (message.kind === 'completion') complete(message);
    if (message.kind === 'refused') {
      note('refused: ' + message.message, 'refused');
      if (waiting) { const done = waiting; waiting = null; done(message); }
      if (lesson.stepped) { const done = lesson.stepped; lesson.stepped = null; done(false); }
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const line = input.value;
    if (!line.trim() || ended) return;
    input.value = '';
    offered.hidden = true;
    run(line);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      if (history.length === 0) return;
      event.preventDefault();
      back = Math.max(0, Math.min(history.length, back + (event.key === 'ArrowUp' ? 1 : -1)));
      input.value = back === 0 ? '' : history[history.length - back];
    } else if (event.key === 'Tab') {
      event.preventDefault();
      send({ complete: input.value.slice(0, input.selectionStart) });
    }
  });
  function complete(message) {
    const words = message.candidates;
    offered.textContent = '';
    if (words.length === 0) { offered.hidden = true; return; }
    let shared = words[0];
    for (const word of words) { while (!word.startsWith(shared)) shared = shared.slice(0, -1); }
    const cursor = input.selectionStart;
    const before = input.value.slice(0, cursor - message.word.length);
    const after = input.value.slice(cursor);
    const finished = words.length === 1 ? shared + ' ' : shared;
    input.value = before + finished + after;
    input.selectionStart = input.selectionEnd = before.length + finished.length;
    offered.hidden = words.length === 1;
    if (words.length > 1) {
      for (const word of words) { const item = document.createElement('li'); item.textContent = word; offered.appendChild(item); }
    }
  }
  function note(text, kind) {
    const line = document.createElement('p');
    line.className = kind || 'note';
    line.textContent = text;
    steps.appendChild(line);
  }
  document.getElementById('upload').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) send({ upload: file.name, text: await file.text() });
    event.target.value = '';
  });
  function download(name, text) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  document.getElementById('save').addEventListener('click', () => send({ save: 'session.lab' }));
  document.getElementById('open').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) {
      lesson.fromFile = true;
      send({ open: file.name, text: await file.text() });
    }
    event.target.value = '';
  });
  document.getElementById('tours').addEventListener('change', (event) => {
    if (event.target.value) {
      lesson.fromFile = false;
      send({ tour: event.target.value });
    }
    event.target.value = '';
  });
  // A transcript opened, in a session of its own (the server starts one, fresh as `listlab test`
  // starts a transcript): its prose shows before the command it explains, Step runs the command,
  // and a step that prints other than the transcript recorded is marked; Play runs the rest.
  function openLesson(message) {
    lesson.items = message.items;
    lesson.at = 0;
    lesson.next = 0;
    lesson.name = message.name;
    lesson.commands = message.items.filter((item) => 'command' in item).length;
    lesson.roles = message.items.filter((item) => 'command' in item).map((item) => item.role || 'step');
    document.getElementById('lesson-title').textContent = message.title;
    // A transcript from a file runs with the user's rights (outside a classroom): said before its first command.
    document.getElementById('lesson-warning').hidden = !(lesson.fromFile && !classroom);
    lessonBox.hidden = false;
    lessonBar.hidden = false;
    note(message.title + ': a session of its own, fresh (Close returns to yours)', 'lesson-mark');
  }
  // Where the lesson is (the server says after each step, and on opening or a reload): the prose up
  // to its next command is added to the page, so it is read before the command runs.
  function lessonState(message) {
    if (lesson.roles[lesson.next] === 'check' && message.next > lesson.next) note('exercise done: your list is the one the lesson asks for', 'lesson-mark');
    lesson.next = message.next;
    lesson.matched = message.matched;
    lesson.drifted = message.drifted;
    let commandsSeen = 0;
    let target = lesson.items.length;
    for (let index = 0; index < lesson.items.length; index += 1) {
      if (!('command' in lesson.items[index])) continue;
      if (commandsSeen === lesson.next) { target = index; break; }
      commandsSeen += 1;
    }
    for (; lesson.at < target; lesson.at += 1) {
      const item = lesson.items[lesson.at];
      if ('command' in item) continue;
      const element = document.createElement(item.heading !== undefined ? 'h3' : 'p');
      element.className = 'lesson-prose';
      element.textContent = item.heading !== undefined ? item.heading : item.paragraph;
      steps.appendChild(element);
    }
    const next = lesson.items[target];
    const checking = next !== undefined && next.role === 'check';
    document.getElementById('lesson-step').textContent = checking ? 'Check' : 'Step';
    document.getElementById('lesson-solve').hidden = !checking;
    const ran = lesson.matched + lesson.drifted;
    const drift = lesson.drifted ? ', ' + lesson.drifted + ' differed' : '';
    // Counted as the learner sees them: an exercise's hidden solution is not theirs to step through.
    const shown = (roles) => roles.filter((role) => role !== 'solution').length;
    document.getElementById('lesson-count').textContent = next
      ? 'next (' + (shown(lesson.roles.slice(0, lesson.next)) + 1) + ' of ' + shown(lesson.roles) + (ran ? '; ' + lesson.matched + ' matched' + drift : '') + '):'
      : 'the end of ' + lesson.name + ': ' + lesson.matched + ' of ' + ran + ' steps matched the transcript' + drift;
    document.getElementById('lesson-next').textContent = checking
      ? 'your turn: reach the state the exercise asks for with commands of your own, then Check' : next ? next.command : '';
    document.getElementById('lesson-step').disabled = !next;
    document.getElementById('lesson-play').disabled = !next;
    if (!next && ran > 0) note('the end of ' + lesson.name + ': ' + lesson.matched + ' of ' + ran + ' steps matched the transcript' + drift, 'lesson-mark');
    if (lesson.stepped) { const done = lesson.stepped; lesson.stepped = null; done(true); }
    if (lesson.opened) { const done = lesson.opened; lesson.opened = null; done(); }
  }
  // A step that printed other than the lesson's transcript: marked, with what the transcript shows.
  function markDrift(message) {
    drifts.push((message.check ? 'not yet: step ' : 'drifted: step ') + message.number);
    const section = document.getElementById('step-' + message.number);
    const box = document.createElement('div');
    box.className = 'drift';
    box.textContent = message.check ? 'Not yet: the lesson\'s list reads as below; change yours and Check again.' : 'This step printed other than the lesson, which shows:';
    const pre = document.createElement('pre');
    pre.textContent = message.expected.join('\n');
    box.appendChild(pre);
    if (section) {
      section.classList.add('drifted');
      section.appendChild(box);
    } else {
      steps.appendChild(box);
    }
  }
  // Play stops at an exercise's Check: the learner's own commands come first.
  async function stepLesson(playing) {
    if (lesson.next >= lesson.commands) return false;
    if (playing && lesson.roles[lesson.next] === 'check') return false;
    const stepped = await new Promise((resolve) => { lesson.stepped = resolve; send({ lesson: 'step' }); });
    return stepped && lesson.next < lesson.commands;
  }
  document.getElementById('lesson-step').addEventListener('click', () => { if (!lesson.playing) stepLesson(); });
  document.getElementById('lesson-play').addEventListener('click', async () => {
    if (lesson.playing) return;
    lesson.playing = true;
    while (await stepLesson(true)) {}
    lesson.playing = false;
  });
  document.getElementById('lesson-close').addEventListener('click', () => send({ lesson: 'close' }));
  document.getElementById('lesson-reset').addEventListener('click', () => { if (!lesson.playing) send({ lesson: 'reset' }); });
  // An exercise solved as its lesson solves it (Solution, and the checks): the server runs the lesson's own
  // commands, which the page never had, as steps; then Check.
  async function solve() {
    await new Promise((resolve) => { lesson.stepped = resolve; send({ lesson: 'solve' }); });
    await stepLesson();
  }
  document.getElementById('lesson-solve').addEventListener('click', () => { if (!lesson.playing) send({ lesson: 'solve' }); });
  // The page's own parts, which it loads from its server; anything else would be fetched from outside.
  const ownParts = ['/listlab.css', '/pictures.js', '/page.js'].map((path) => location.origin + path);
  async function runChecks() {
    for (const line of check) {
      if (line.startsWith(':tour ')) {
        // The whole lesson, each exercise solved with the lesson's own solution.
        await new Promise((resolve) => { lesson.opened = resolve; send({ tour: line.slice(6) }); });
        for (;;) {
          while (await stepLesson(true)) {}
          if (lesson.roles[lesson.next] !== 'check') break;
          await solve();
        }
      } else if (line === ':solve') {
        await solve();
      } else if (line.startsWith(':open ')) {
        await new Promise((resolve) => { lesson.opened = resolve; send({ tour: line.slice(6) }); });
      } else if (line === ':step') {
        await stepLesson();
      } else if (line === ':close') {
        await new Promise((resolve) => { closed = resolve; send({ lesson: 'close' }); });
      } else if (line === ':save') {
        const message = await new Promise((resolve) => { saved = resolve; send({ save: 'session.lab' }); });
        notes.push('saved ' + message.name + ': ' + message.text.split('\n').filter((text) => text.startsWith('  > ')).length + ' commands');
      } else {
        await run(line);
      }
    }
    if (downloads.length) notes.push('downloads: ' + downloads.join(', '));
    notes.push('lesson steps drifted: ' + drifts.length, ...drifts);
    const report = ['errors: ' + pictures.errors.length, ...pictures.errors, ...notes,
      'animations: ' + pictures.counts.started + ' started, ' + pictures.counts.finished + ' finished',
      'resources: ' + performance.getEntriesByType('resource').filter((entry) => !ownParts.includes(entry.name)).length];
    const overlapping = pictures.overlaps();
    report.push('overlaps: ' + overlapping.length, ...overlapping);
    for (const { step, player } of drawn) {
      report.push('step ' + step, ...pictures.lines(player.frames[player.index].querySelector('svg.screen')));
    }
    const pre = document.createElement('pre');
    pre.id = 'listlab-check';
    pre.textContent = report.join('\n');
    document.body.appendChild(pre);
  }
})();
