import ListLabPictures

/// The page a browser opens: a command line and the steps it runs, each
/// drawn and animated by the same CSS, SVG and player as `listlab render`'s
/// pages (``TranscriptPage``), added as the server sends them over a
/// WebSocket. Everything is inline; the only connection it may open is to
/// the server it came from (its Content-Security-Policy says so).
enum LivePage {
    /// The page of a playground called `tool`.
    static func html(tool: String) -> String {
        var page = "<!DOCTYPE html>\n<html lang=\"en\" data-live=\"true\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"listlab serve\">\n"
        page += "<title>\(Markup.escape(tool))</title>\n<style>\n\(TranscriptPage.css)\(css)</style>\n</head>\n<body>\n<main>\n"
        page += "<h1>\(Markup.escape(tool))</h1>\n<p class=\"source\" id=\"status\">connecting…</p>\n"
        page += "<nav id=\"tools\"><button type=\"button\" id=\"save\">Save session</button>"
        page += "<label class=\"button\" for=\"open\">Open transcript…</label><input type=\"file\" id=\"open\" accept=\".lab,.txt\" hidden>"
        page += "<select id=\"tours\" hidden><option value=\"\">Tours…</option></select>"
        page += "<label class=\"button\" for=\"upload\" id=\"upload-label\" hidden>Upload a file…</label><input type=\"file\" id=\"upload\" accept=\".csv,.json,.ndjson,.lab,.txt\" hidden></nav>\n"
        page += "<section id=\"lesson\" hidden><h2 id=\"lesson-title\"></h2>"
        page += "<p class=\"next\"><span id=\"lesson-count\"></span> <code id=\"lesson-next\"></code></p>"
        page += "<div class=\"controls\"><button type=\"button\" id=\"lesson-step\">Step</button>"
        page += "<button type=\"button\" id=\"lesson-play\">Play</button><button type=\"button\" id=\"lesson-close\">Close</button></div></section>\n"
        page += "<div id=\"steps\"></div>\n"
        page += "<form id=\"prompt\" autocomplete=\"off\"><label for=\"line\">\(Markup.escape(tool))&gt;</label>"
        page += "<input id=\"line\" spellcheck=\"false\" autocapitalize=\"off\" aria-describedby=\"hint\">"
        page += "<button type=\"submit\">Run</button></form>\n"
        page += "<p class=\"hint\" id=\"hint\">Enter runs a command; ↑ and ↓ go through the ones run; TAB completes; try <code>help</code>.</p>\n"
        page += "<ul id=\"candidates\" hidden></ul>\n"
        page += "</main>\n<script>\n\(TranscriptPage.script)</script>\n<script>\n\(script)</script>\n</body>\n</html>\n"
        return page
    }

    /// As strict as a rendered page's, with one connection: back to the server.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'"

    static let css = """
        h1 { font-size: 22px; margin: 0 0 4px; }
        #steps .step { border-bottom: 1px solid #e5e5ea; padding-bottom: 16px; }
        #prompt { display: flex; gap: 8px; align-items: center; position: sticky; bottom: 0; background: #fafafa;
          padding: 12px 0; border-top: 1px solid #e5e5ea; }
        #prompt label { font: 13px ui-monospace, Menlo, Consolas, monospace; color: #6d6d72; }
        #line { flex: 1; font: 14px ui-monospace, Menlo, Consolas, monospace; padding: 6px 10px; border-radius: 8px;
          border: 1px solid #c7c7cc; }
        .hint { font-size: 12px; color: #6d6d72; margin: 0; }
        #candidates { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 6px;
          font: 12.5px ui-monospace, Menlo, Consolas, monospace; }
        #candidates li { background: #ffffff; border: 1px solid #e5e5ea; border-radius: 6px; padding: 2px 8px; }
        pre.output .error { color: #b42318; font-weight: 600; }
        .refused { color: #b42318; }
        .note, .download { font-size: 13px; color: #6d6d72; }
        #tools { display: flex; gap: 8px; align-items: center; margin: 0 0 12px; }
        label.button { font-size: 13px; padding: 4px 14px; border-radius: 14px; border: 1px solid #c7c7cc;
          background: #ffffff; cursor: pointer; }
        select { font: inherit; font-size: 13px; padding: 3px 8px; border-radius: 14px; border: 1px solid #c7c7cc; }
        #lesson { background: #ffffff; border: 1px solid #e5e5ea; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px;
          position: sticky; top: 0; z-index: 1; }
        #steps .lesson-prose { max-width: 720px; }
        #lesson h2 { font-size: 18px; margin: 0 0 8px; }
        #lesson .next { font-size: 13px; color: #6d6d72; }

        """

    /// The command line and the connection. Each step's section comes from
    /// the server; its pictures get the render pages' player and play at
    /// once. With `#check=` and command lines (one per line, URL-encoded),
    /// the page runs them in turn (`:tour NAME` opens a tour and plays it,
    /// `:save` saves the session), then writes what it drew into
    /// `<pre id="listlab-check">` as a rendered page's check does
    /// (Scripts/check-browser).
    static let script = """
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
            ? decodeURIComponent(location.hash.slice(7)).split('\\n').filter((line) => line.length > 0) : null;
          const drawn = [];
          const lesson = { items: [], at: 0, name: '', playing: false, opened: null };
          const notes = [];
          const downloads = [];
          let saved = null;
          const lessonBox = document.getElementById('lesson');
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
          function markErrors(section) {
            for (const pre of section.querySelectorAll('pre.output')) {
              const text = pre.textContent;
              pre.textContent = '';
              text.split('\\n').forEach((line, index) => {
                if (index > 0) pre.appendChild(document.createTextNode('\\n'));
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
          socket.addEventListener('close', () => { if (!ended) status.textContent = 'disconnected: reload the page for a new session'; input.disabled = true; });
          socket.addEventListener('message', async (event) => {
            const message = JSON.parse(event.data);
            if (message.kind === 'welcome') {
              sessionStorage.setItem('listlab-tab', message.key);
              status.textContent = message.banner + ': a session of your own';
              const tours = document.getElementById('tours');
              for (const name of message.tours) {
                const option = document.createElement('option');
                option.value = name;
                option.textContent = name;
                tours.appendChild(option);
              }
              tours.hidden = message.tours.length === 0;
              document.getElementById('upload-label').hidden = !message.classroom;
              if (message.classroom) status.textContent += ' (a classroom: your own folder, for the samples and your uploads)';
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
            if (message.kind === 'step') {
              await addStep(message);
              if (waiting) { const done = waiting; waiting = null; done(message); }
            }
            if (message.kind === 'completion') complete(message);
            if (message.kind === 'refused') {
              note('refused: ' + message.message, 'refused');
              if (waiting) { const done = waiting; waiting = null; done(message); }
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
            if (file) send({ open: file.name, text: await file.text() });
            event.target.value = '';
          });
          document.getElementById('tours').addEventListener('change', (event) => {
            if (event.target.value) send({ tour: event.target.value });
            event.target.value = '';
          });
          // A transcript opened: Step adds its prose up to the next command to the page, as a rendered
          // page has it, and runs the command; Play runs the rest.
          function openLesson(message) {
            lesson.items = message.items;
            lesson.at = 0;
            lesson.name = message.name;
            document.getElementById('lesson-title').textContent = message.title;
            lessonBox.hidden = false;
            showLesson(false);
            if (lesson.opened) { const done = lesson.opened; lesson.opened = null; done(); }
          }
          function showLesson(addingProse) {
            let at = lesson.at;
            while (at < lesson.items.length && !('command' in lesson.items[at])) {
              const item = lesson.items[at];
              if (addingProse) {
                const element = document.createElement(item.heading !== undefined ? 'h3' : 'p');
                element.className = 'lesson-prose';
                element.textContent = item.heading !== undefined ? item.heading : item.paragraph;
                steps.appendChild(element);
              }
              at += 1;
            }
            const commands = lesson.items.filter((item) => 'command' in item).length;
            const done = lesson.items.slice(0, at).filter((item) => 'command' in item).length;
            const next = lesson.items[at];
            document.getElementById('lesson-count').textContent = next ? 'next (' + (done + 1) + ' of ' + commands + '):' : 'the end of ' + lesson.name;
            document.getElementById('lesson-next').textContent = next ? next.command : '';
            document.getElementById('lesson-step').disabled = !next;
            document.getElementById('lesson-play').disabled = !next;
            return at;
          }
          async function stepLesson() {
            const at = showLesson(true);
            lesson.at = at;
            if (at >= lesson.items.length) { showLesson(false); return false; }
            lesson.at = at + 1;
            await run(lesson.items[at].command);
            showLesson(false);
            return lesson.at < lesson.items.length;
          }
          document.getElementById('lesson-step').addEventListener('click', () => { if (!lesson.playing) stepLesson(); });
          document.getElementById('lesson-play').addEventListener('click', async () => {
            if (lesson.playing) return;
            lesson.playing = true;
            while (await stepLesson()) {}
            lesson.playing = false;
          });
          document.getElementById('lesson-close').addEventListener('click', () => { lessonBox.hidden = true; });
          async function runChecks() {
            for (const line of check) {
              if (line.startsWith(':tour ')) {
                await new Promise((resolve) => { lesson.opened = resolve; send({ tour: line.slice(6) }); });
                while (await stepLesson()) {}
              } else if (line === ':save') {
                const message = await new Promise((resolve) => { saved = resolve; send({ save: 'session.lab' }); });
                notes.push('saved ' + message.name + ': ' + message.text.split('\\n').filter((text) => text.startsWith('  > ')).length + ' commands');
              } else {
                await run(line);
              }
            }
            if (downloads.length) notes.push('downloads: ' + downloads.join(', '));
            const report = ['errors: ' + pictures.errors.length, ...pictures.errors, ...notes,
              'animations: ' + pictures.counts.started + ' started, ' + pictures.counts.finished + ' finished',
              'resources: ' + performance.getEntriesByType('resource').length];
            const overlapping = pictures.overlaps();
            report.push('overlaps: ' + overlapping.length, ...overlapping);
            for (const { step, player } of drawn) {
              report.push('step ' + step, ...pictures.lines(player.frames[player.index].querySelector('svg.screen')));
            }
            const pre = document.createElement('pre');
            pre.id = 'listlab-check';
            pre.textContent = report.join('\\n');
            document.body.appendChild(pre);
          }
        })();

        """
}
