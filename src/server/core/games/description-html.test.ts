import { describe, expect, it } from 'vitest';
import { descriptionToHtml, storedDescription } from './description-html';

const LINK_ATTRS = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('descriptionToHtml', () => {
  it.each([
    ['<img src=x onerror="alert(1)">texto', '<p>texto</p>'],
    ['<svg onload="alert(1)"><circle r="1"/></svg>texto', '<p>texto</p>'],
    ['<script>alert(1)</script>texto', '<p>texto</p>'],
    ['<a href="javascript:alert(1)">x</a>', `<p><a ${LINK_ATTRS}>x</a></p>`],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', `<p><a ${LINK_ATTRS}>x</a></p>`],
    ['<a href="data:text/html,<b>x</b>">x</a>', `<p><a ${LINK_ATTRS}>x</a></p>`],
    ['<a href="//evil.example">x</a>', `<p><a ${LINK_ATTRS}>x</a></p>`],
    ['<p style="color:red" onclick="alert(1)" class="x">texto</p>', '<p>texto</p>'],
    ['<style>p{display:none}</style><p>texto</p>', '<p>texto</p>'],
    ['<iframe src="https://evil.example">dentro</iframe>texto', '<p>texto</p>'],
    ['<div><span>texto</span></div>', 'texto'],
  ])('removes what is not on the allow-list: %s', (input, expected) => {
    expect(descriptionToHtml(input)).toBe(expected);
  });

  it('keeps paragraphs, line breaks, lists, emphasis and safe links, forcing target and rel', () => {
    const html =
      '<p>Olá<br><em>time</em> <i>i</i> <strong>forte</strong> <b>b</b></p><ul><li>um</li></ul><ol><li>dois</li></ol>' +
      '<a href="https://bora.jogar" target="_self" rel="opener">site</a><a href="http://x.com">http</a><a href="mailto:org@x.com">mail</a>';
    expect(descriptionToHtml(html)).toBe(
      '<p>Olá<br /><em>time</em> <i>i</i> <strong>forte</strong> <b>b</b></p><ul><li>um</li></ul><ol><li>dois</li></ol>' +
        `<a href="https://bora.jogar" ${LINK_ATTRS}>site</a><a href="http://x.com" ${LINK_ATTRS}>http</a><a href="mailto:org@x.com" ${LINK_ATTRS}>mail</a>`,
    );
  });

  it('keeps the typed line breaks of text with a few inline tags', () => {
    expect(descriptionToHtml('Linha <b>1</b>\nLinha 2\n\n<script>x</script>\n\nFim')).toBe('<p>Linha <b>1</b><br />Linha 2</p><p>Fim</p>');
  });

  it('turns plain text into escaped paragraphs', () => {
    expect(descriptionToHtml('a < b & c > d\nlinha\n\n  segundo  ')).toBe('<p>a &lt; b &amp; c &gt; d<br>linha</p><p>segundo</p>');
    expect(descriptionToHtml('')).toBe('');
  });

  it('stores HTML only in its sanitised form and plain text as typed', () => {
    expect(storedDescription('<p onclick="x()">oi</p><script>x</script>')).toEqual({
      description: '<p>oi</p>',
      descriptionHtml: '<p>oi</p>',
    });
    expect(storedDescription('oi <3')).toEqual({ description: 'oi <3', descriptionHtml: '<p>oi &lt;3</p>' });
  });
});
