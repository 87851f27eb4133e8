// The rule documentation `platlint explain` prints is Markdown of a few forms (src/check/rule-docs.ts): a `## id`
// heading, paragraphs, `- ` items, **bold** and `code`. Rendered here into DOM nodes (text only: no HTML of the
// text is ever parsed).

function inline(text: string, into: HTMLElement): void {
  // `code` first, then **bold** in what is outside code
  const parts = text.split(/(`[^`]*`)/);
  for (const part of parts) {
    if (part.length >= 2 && part.startsWith('`') && part.endsWith('`')) {
      const code = document.createElement('code');
      code.textContent = part.slice(1, -1);
      into.append(code);
      continue;
    }
    part.split(/(\*\*[^*]+\*\*)/).forEach((piece) => {
      if (piece.length > 4 && piece.startsWith('**') && piece.endsWith('**')) {
        const strong = document.createElement('strong');
        strong.textContent = piece.slice(2, -2);
        into.append(strong);
      } else if (piece !== '') into.append(document.createTextNode(piece));
    });
  }
}

/** The documentation's nodes; `headingLevel` is the level its `##` heading gets in the page. */
export function renderMarkdown(markdown: string, headingLevel = 3): DocumentFragment {
  const out = document.createDocumentFragment();
  let list: HTMLUListElement | undefined;
  let paragraph: HTMLParagraphElement | undefined;
  for (const line of markdown.split('\n')) {
    if (line.trim() === '') {
      list = undefined;
      paragraph = undefined;
      continue;
    }
    const heading = /^#{1,6} (.*)$/.exec(line);
    if (heading) {
      const h = document.createElement(`h${headingLevel}`);
      inline(heading[1]!, h);
      out.append(h);
      list = undefined;
      paragraph = undefined;
    } else if (line.startsWith('- ')) {
      paragraph = undefined;
      if (!list) out.append((list = document.createElement('ul')));
      const li = document.createElement('li');
      inline(line.slice(2), li);
      list.append(li);
    } else if (paragraph) {
      paragraph.append(document.createTextNode(' '));
      inline(line, paragraph);
    } else {
      list = undefined;
      out.append((paragraph = document.createElement('p')));
      inline(line, paragraph);
    }
  }
  return out;
}
