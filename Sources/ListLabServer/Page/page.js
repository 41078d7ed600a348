(() => {
  'use strict';
  const steps = document.getElementById('steps');
  const form = document.getElementById('prompt');
  const input = document.getElementById('line');
  const status = document.getElementById('status');
  const offered = document.getElementById('candidates');
  const pictures = window.listlabPictures;
  const typed = [];
  let back = 0;
  let ended = false;
  // Whether the server has greeted the tab: what the page says of itself goes after the welcome.
  let welcomed = false;
  // The token comes in the address's fragment (/#token=…), which no server sees: it is kept in this tab's
  // sessionStorage (its scheme, host and port alone; a reload keeps it) and taken out of the address bar.
  // It is proved on the socket. The page acts on nothing else in its address but a lesson's plain name
  // and `present` (the presenter's view, a display switch).
  const tokenInAddress = new URLSearchParams(location.hash.slice(1)).get('token');
  if (tokenInAddress !== null) {
    sessionStorage.setItem('listlab-token', tokenInAddress);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const token = sessionStorage.getItem('listlab-token') || '';
  // The open lesson: its items (prose and commands), how many of its commands have run (next), the
  // items shown so far (at), and its counts; it runs in a session of its own on the server.
  const lesson = { items: [], roles: [], at: 0, next: 0, commands: 0, matched: 0, drifted: 0, name: '', playing: false, stepped: null, fromFile: false, hintsFor: -1, hintsShown: 0 };
  let classroom = false;
  // The lesson's title at the top; its next step and controls in the bar above the prompt, which stays in view.
  const lessonBox = document.getElementById('lesson');
  const lessonBar = document.getElementById('lesson-bar');
  // A subprotocol carries the token (a browser's socket has no other header to hold it); a token of
  // anything but hex digits is not this server's, and is not sent.
  const protocols = /^[0-9a-f]{1,128}$/.test(token) ? ['listlab', 'listlab.token.' + token] : ['listlab'];
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/socket', protocols);
  let waiting = null;

  function send(message) {
    socket.send(JSON.stringify(message));
  }
  function run(line) {
    typed.push(line);
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
  async function addStep(message, yours) {
    const template = document.createElement('template');
    template.innerHTML = message.html;
    const section = template.content.firstElementChild;
    markErrors(section);
    // A command the learner typed while a lesson is open is theirs, not the lesson's: marked so.
    if (yours) section.classList.add('yours');
    // What came before is past: the presenter's view shows the latest step alone, with the prose after it.
    for (const child of steps.children) child.classList.add('past');
    steps.appendChild(section);
    const plays = [];
    for (const figure of section.querySelectorAll('figure.pictures')) plays.push(pictures.attach(figure).play());
    window.scrollTo(0, document.body.scrollHeight);
    await Promise.all(plays);
    if (message.ended) {
      ended = true;
      input.disabled = true;
      status.textContent = 'the session has ended: reload the page for a new one';
    }
  }
  // The session this tab had before a reload, kept by the server a while after the tab closes.
  let opened = false;
  socket.addEventListener('open', () => {
    opened = true;
    status.textContent = 'connected';
    // With this browser's key: in a classroom, a student's tabs are counted as theirs, not their address's,
    // and a student's new tab takes back the session of one they closed. The presenter's view is nobody's.
    const presenting = document.body.classList.contains('presenting');
    send({ hello: sessionStorage.getItem('listlab-tab') || '', student: presenting ? undefined : studentKey() });
  });
  // The server says why it closed (it stopped, the classroom is full) as the close frame's reason.
  socket.addEventListener('close', (event) => {
    if (!opened) {
      status.textContent = token
        ? 'This server did not take the token this tab holds: open the address the server printed (…/#token=…).'
        : 'This server asks for its token: open the address it printed when it started (…/#token=…).';
    } else if (!ended) {
      status.textContent = 'disconnected' + (event.reason ? ' (' + event.reason + ')' : '') + ': reload the page for a new session';
    }
    input.disabled = true;
  });
  socket.addEventListener('message', async (event) => {
    const message = JSON.parse(event.data);
    if (message.kind === 'welcome') {
      welcomed = true;
      if (document.body.classList.contains('presenting')) send({ presenting: true });
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
      if (message.classroom) {
        status.textContent += ' (a classroom: your own folder, for the samples and your uploads)';
        // The student's name, kept by this browser for this server (its scheme, host and port): asked once, then sent with each new tab.
        const known = localStorage.getItem('listlab-student-name');
        if (known) send({ name: known, student: studentKey() }); else askName();
      }
      // A lesson's link (/?lesson=NAME) opens it once, in a new tab's session (a reload comes back to the lesson as it was).
      const linked = new URLSearchParams(location.search).get('lesson');
      const offered = message.tours.concat(message.lessons);
      if (linked && sessionStorage.getItem('listlab-linked') !== linked) {
        sessionStorage.setItem('listlab-linked', linked);
        if (/^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/.test(linked) && offered.includes(linked)) {
          lesson.fromFile = false;
          send({ tour: linked });
        } else {
          // Said, not opened: a mistyped link would otherwise leave the plain playground with no word.
          note('the link names no lesson this server offers (' + linked.slice(0, 80) + '): Tours and lessons… lists them', 'refused');
        }
      }
    }
    if (message.kind === 'named') {
      localStorage.setItem('listlab-student-name', message.name);
      studentForm.hidden = true;
      studentShown.textContent = message.name;
      studentShown.title = 'The name your teacher sees; press to change it';
      studentShown.hidden = false;
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
    }
    if (message.kind === 'transcript') download(message.name, message.text);
    if (message.kind === 'lesson') openLesson(message);
    if (message.kind === 'lessonState') lessonState(message);
    if (message.kind === 'hint') showHint(message);
    if (message.kind === 'lessonClosed') {
      lessonBox.hidden = true;
      lessonBar.hidden = true;
      note('the lesson is closed: commands run in your own session again', 'lesson-mark');
    }
    if (message.kind === 'drift') markDrift(message);
    if (message.kind === 'step') {
      await addStep(message, waiting !== null && !lessonBar.hidden);
      if (waiting) { const done = waiting; waiting = null; done(message); }
    }
    if (message.kind === 'completion') complete(message);
    if (message.kind === 'refused') {
      note('refused: ' + message.message, 'refused');
      if (waiting) { const done = waiting; waiting = null; done(message); }
      if (lesson.stepped) { const done = lesson.stepped; lesson.stepped = null; done(false); }
    }
  });
  const studentForm = document.getElementById('student');
  const studentInput = document.getElementById('student-name');
  const studentShown = document.getElementById('student-shown');
  // This browser's key in the class, made once and kept with the name: the server holds each name for the
  // browser that gave it, so another student cannot take it, and this student's new tabs keep it.
  function studentKey() {
    let key = localStorage.getItem('listlab-student-key');
    if (!key || !/^[0-9a-f]{32}$/.test(key)) {
      const bytes = new Uint8Array(16);
      crypto.getRandomValues(bytes);
      key = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
      localStorage.setItem('listlab-student-key', key);
    }
    return key;
  }
  function askName() {
    studentForm.hidden = false;
    studentInput.value = localStorage.getItem('listlab-student-name') || '';
    studentInput.focus();
  }
  studentForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (studentInput.value.trim()) send({ name: studentInput.value, student: studentKey() });
  });
  studentShown.addEventListener('click', askName);
  // The presenter's view: large type, the latest step alone, the bar in one line (`?present` opens the page in it).
  const presentButton = document.getElementById('present');
  function present(on) {
    document.body.classList.toggle('presenting', on);
    presentButton.setAttribute('aria-pressed', String(on));
    presentButton.textContent = on ? 'Leave presenter\'s view' : 'Present';
    const query = new URLSearchParams(location.search);
    if (on) query.set('present', ''); else query.delete('present');
    const search = query.toString().replace(/=(?=&|$)/g, '');
    history.replaceState(null, '', location.pathname + (search ? '?' + search : ''));
    // The server leaves the presenter's tab out of the teacher's table of students and the gradebook.
    if (socket.readyState === WebSocket.OPEN && welcomed) send({ presenting: on });
  }
  presentButton.addEventListener('click', () => present(!document.body.classList.contains('presenting')));
  present(new URLSearchParams(location.search).has('present'));
  // Badges: the pictures draw each row's cell in a badge, or the rows as an iPhone shows them. The
  // switch is the session's own setting, so it runs the command (a step like any other).
  const badgesButton = document.getElementById('badges');
  badgesButton.addEventListener('click', async () => {
    if (ended) return;
    const on = badgesButton.getAttribute('aria-pressed') !== 'true';
    const answer = await run('set badges ' + (on ? 'on' : 'off'));
    if (answer.kind === 'step' && !answer.failed) badgesButton.setAttribute('aria-pressed', String(on));
  });
  // Clear: the steps shown go from the page (the session, its record and a reload's steps stay).
  document.getElementById('clear').addEventListener('click', () => steps.replaceChildren());
  // Each button's key, shown on it: Alt+KEY (Control+Option+KEY on a Mac) presses it.
  const mac = /Mac|iPhone|iPad/.test(navigator.platform);
  for (const button of document.querySelectorAll('button[accesskey]')) {
    const key = document.createElement('kbd');
    key.className = 'key';
    key.textContent = (mac ? '⌃⌥' : 'Alt+') + button.accessKey.toUpperCase();
    key.setAttribute('aria-hidden', 'true');
    button.appendChild(key);
  }
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
      if (typed.length === 0) return;
      event.preventDefault();
      back = Math.max(0, Math.min(typed.length, back + (event.key === 'ArrowUp' ? 1 : -1)));
      input.value = back === 0 ? '' : typed[typed.length - back];
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
  // An exercise's Done, said in words and colour where the student looks: scrolled into view above the bar.
  function verdict(text, kind) {
    const line = document.createElement('p');
    line.className = 'verdict ' + kind;
    line.textContent = text;
    steps.appendChild(line);
    inView(line);
  }
  // Scrolls `element` into view above the sticky bar at the foot of the page, which would cover it.
  function inView(element) {
    document.documentElement.style.setProperty('--footer', document.getElementById('footer').offsetHeight + 'px');
    element.scrollIntoView({ block: 'nearest' });
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
    if (lesson.roles[lesson.next] === 'check' && message.next > lesson.next) verdict('Done: your list is the one the exercise asks for.', 'done');
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
      // A paragraph that starts as a list's item (- , * , 1. ) joins the list before it, or starts one.
      const listed = item.paragraph !== undefined ? /^(?:([-*])|(\d{1,3})\.) (.*)$/s.exec(item.paragraph) : null;
      if (listed) {
        const tag = listed[1] ? 'UL' : 'OL';
        let list = steps.lastElementChild;
        if (!list || list.tagName !== tag || !list.classList.contains('lesson-prose')) {
          list = document.createElement(tag);
          list.className = 'lesson-prose';
          steps.appendChild(list);
        }
        const entry = document.createElement('li');
        withInlineMarkup(entry, listed[3]);
        list.appendChild(entry);
        continue;
      }
      const element = document.createElement(item.heading !== undefined ? 'h3' : 'p');
      element.className = 'lesson-prose';
      if (item.heading !== undefined) element.textContent = item.heading;
      else withInlineMarkup(element, item.paragraph);
      steps.appendChild(element);
    }
    const next = lesson.items[target];
    const checking = next !== undefined && next.role === 'check';
    document.getElementById('lesson-step').firstChild.textContent = checking ? 'Check' : 'Step';
    document.getElementById('lesson-solve').hidden = !checking;
    if (!checking || lesson.hintsFor !== target) { lesson.hintsFor = target; lesson.hintsShown = 0; }
    document.getElementById('lesson-hint').hidden = !checking || hintsBefore(target) <= lesson.hintsShown;
    const ran = lesson.matched + lesson.drifted;
    const drift = lesson.drifted ? ', ' + lesson.drifted + ' differed' : '';
    // Counted as the learner sees them: an exercise's hidden solution is not theirs to step through.
    const shown = (roles) => roles.filter((role) => role !== 'solution' && role !== 'hint').length;
    document.getElementById('lesson-count').textContent = next
      ? 'next (' + (shown(lesson.roles.slice(0, lesson.next)) + 1) + ' of ' + shown(lesson.roles) + (ran ? '; ' + lesson.matched + ' matched' + drift : '') + '):'
      : 'the end of ' + lesson.name + ': ' + lesson.matched + ' of ' + ran + ' steps matched the transcript' + drift;
    document.getElementById('lesson-next').textContent = checking
      ? 'your turn: reach the state the exercise asks for with commands of your own, then Check' : next ? next.command : '';
    document.getElementById('lesson-step').disabled = !next;
    document.getElementById('lesson-play').disabled = !next;
    if (!next && ran > 0) note('the end of ' + lesson.name + ': ' + lesson.matched + ' of ' + ran + ' steps matched the transcript' + drift, 'lesson-mark');
    if (lesson.stepped) { const done = lesson.stepped; lesson.stepped = null; done(true); }
  }
  // A step that printed other than the lesson's transcript: marked, with what the transcript shows.
  function markDrift(message) {
    const section = document.getElementById('step-' + message.number);
    const box = document.createElement('div');
    box.className = message.check ? 'drift verdict not-yet' : 'drift';
    box.textContent = message.check
      ? 'Not yet: your state differs from the one the exercise asks for here (yours, then the one wanted); change it and Check again.'
      : 'This step printed other than the lesson, which shows:';
    const pre = document.createElement('pre');
    pre.textContent = message.expected.join('\n');
    box.appendChild(pre);
    if (section) {
      section.classList.add('drifted');
      section.appendChild(box);
    } else {
      steps.appendChild(box);
    }
    if (message.check) inView(box);
  }
  // A paragraph's `code`, **bold**, *emphasis* and [links](https://…), as elements whose text is set,
  // never parsed as HTML; a link goes to an http or https address only, in a new tab. An address may
  // hold parentheses that pair up, as Wikipedia's do (`https://en.wikipedia.org/wiki/Swift_(language)`).
  function withInlineMarkup(element, text) {
    for (const part of text.split(/(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*|\[[^\]]+\]\(https?:\/\/(?:[^()\s]|\([^()\s]*\))+\))/)) {
      if (!part) continue;
      let child;
      const link = /^\[([^\]]+)\]\((https?:\/\/(?:[^()\s]|\([^()\s]*\))+)\)$/.exec(part);
      if (link) {
        child = document.createElement('a');
        child.href = link[2];
        child.target = '_blank';
        child.rel = 'noopener noreferrer';
        child.title = link[2];
        child.textContent = link[1];
      } else if (part.length > 2 && part.startsWith('`') && part.endsWith('`')) { child = document.createElement('code'); child.textContent = part.slice(1, -1); }
      else if (part.length > 4 && part.startsWith('**') && part.endsWith('**')) { child = document.createElement('strong'); child.textContent = part.slice(2, -2); }
      else if (part.length > 2 && part.startsWith('*') && part.endsWith('*')) { child = document.createElement('em'); child.textContent = part.slice(1, -1); }
      else child = document.createTextNode(part);
      element.appendChild(child);
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
  document.getElementById('lesson-solve').addEventListener('click', () => { if (!lesson.playing) send({ lesson: 'solve' }); });
  // An exercise's hints (its `exercise hint TEXT` lines, between its task and its check), one a click: the
  // page knows how many there are, and asks the server for each one's text, which it counts as seen.
  function hintsBefore(target) {
    let count = 0;
    for (let index = target - 1; index >= 0; index -= 1) {
      const item = lesson.items[index];
      if (!('command' in item)) continue;
      if (item.role === 'hint') count += 1;
      else if (item.role !== 'solution') break;
    }
    return count;
  }
  document.getElementById('lesson-hint').addEventListener('click', () => {
    if (lesson.hintsShown >= hintsBefore(lesson.hintsFor)) return;
    send({ lesson: 'hint' });
  });
  function showHint(message) {
    // A hint is the lesson's prose, and is written as its paragraphs are (`code`, **bold**, links).
    const line = document.createElement('p');
    line.className = 'lesson-mark';
    line.textContent = 'Hint ' + message.number + ' of ' + message.count + ': ';
    withInlineMarkup(line, message.text);
    steps.appendChild(line);
    lesson.hintsShown = message.number;
    document.getElementById('lesson-hint').hidden = lesson.hintsShown >= message.count;
  }
})();
