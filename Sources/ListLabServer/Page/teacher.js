(() => {
  'use strict';
  // The teacher's token comes in the address's fragment (/teacher#token=…), which no server sees: it is
  // kept in this tab's sessionStorage (its scheme, host and port alone), taken out of the address bar,
  // and sent with each request for the class's table. The page acts on nothing else in its address.
  const tokenInAddress = new URLSearchParams(location.hash.slice(1)).get('token');
  if (tokenInAddress !== null) {
    sessionStorage.setItem('listlab-teacher-token', tokenInAddress);
    history.replaceState(null, '', location.pathname);
  }
  const token = sessionStorage.getItem('listlab-teacher-token');
  const status = document.getElementById('status');
  const table = document.getElementById('class');
  async function refresh() {
    if (!token) {
      status.textContent = 'This page wants the teacher\'s token: open the teacher\'s address the server printed (…/teacher#token=…).';
      return;
    }
    try {
      const response = await fetch('/teacher/tabs', { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
      if (response.status === 403) {
        status.textContent = 'That is not this server\'s teacher token: open the teacher\'s address the server printed.';
        return;
      }
      if (!response.ok) {
        // A busy or full server answers again later: the page keeps asking.
        status.textContent = 'The server answered ' + response.status + '; asking again in 5 s.';
        setTimeout(refresh, 5000);
        return;
      }
      // The server draws the table and escapes everything in it; the page only puts it in place.
      const template = document.createElement('template');
      template.innerHTML = await response.text();
      table.replaceChildren(template.content);
      status.textContent = 'This page refreshes every 5 s and changes nothing.';
    } catch (error) {
      status.textContent = 'The server does not answer (has it stopped?).';
    }
    setTimeout(refresh, 5000);
  }
  // A download fetched with the token (a link cannot carry it) and saved: Collect's archive, the gradebook.
  function downloadButton(buttonId, noteId, path, file, working, done) {
    const button = document.getElementById(buttonId);
    const note = document.getElementById(noteId);
    button.addEventListener('click', async () => {
      if (!token) return;
      button.disabled = true;
      note.textContent = working;
      try {
        const response = await fetch(path, { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
        if (!response.ok) {
          note.textContent = 'not ' + done + ': the server answered ' + response.status + ' (' + (await response.text()).trim() + ')';
        } else {
          const blob = await response.blob();
          const link = document.createElement('a');
          link.href = URL.createObjectURL(blob);
          link.download = file;
          link.textContent = file;
          note.replaceChildren(done + ' ' + Math.ceil(blob.size / 1024) + ' KB: ', link);
          link.click();
        }
      } catch (error) {
        note.textContent = 'not ' + done + ': the server does not answer';
      }
      button.disabled = false;
    });
  }
  // Collect: every tab's sessions as transcripts, one .tar archive.
  downloadButton('collect', 'collected', '/teacher/collect', 'class.tar', 'collecting…', 'collected');
  // The gradebook: each student's exercises, done or not, tries and Solution, as CSV.
  downloadButton('grades', 'graded', '/teacher/grades.csv', 'grades.csv', 'grading…', 'graded');
  refresh();
})();
