// The HTML part of an e-mail, made from its text part so both always say the same: paragraphs (blank
// lines), line breaks, everything escaped, and links only to our own site (`ownOrigin`), so text a user
// typed (a name, a message excerpt) never becomes a link.

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!)

const linkStyle = 'color:#b45309'

/** Whether a line of an e-mail's text is a link: nothing but a URL of our own site. */
export const isOwnLink = (line: string, ownOrigin: string) => line.trim() === line && URL.parse(line)?.origin === ownOrigin

function lineHtml(line: string, ownOrigin: string) {
  if (isOwnLink(line, ownOrigin)) return `<a href="${escapeHtml(line)}" style="${linkStyle}">${escapeHtml(line)}</a>`
  return escapeHtml(line)
}

export function emailHtml(text: string, { subject, ownOrigin }: { subject: string; ownOrigin: string }) {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="margin:0 0 16px">${paragraph.split('\n').map((line) => lineHtml(line, ownOrigin)).join('<br>')}</p>`)
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#fafaf9;color:#1c1917;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif">',
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">${paragraphs.join('')}</div>`,
    '</body></html>',
  ].join('\n')
}
