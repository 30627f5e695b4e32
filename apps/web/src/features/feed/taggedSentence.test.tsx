import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { taggedSentence } from './taggedSentence';

function text(nodes: ReturnType<typeof taggedSentence>): string {
  return render(<p>{nodes}</p>).container.textContent ?? '';
}

describe('taggedSentence', () => {
  it('puts what each tag renders in its place, whatever the word order', () => {
    const parts = { actor: () => 'ACTOR', book: () => <a href="/book/1">BOOK</a> };
    expect(text(taggedSentence('<actor>x</actor> started reading <book>y</book>', parts))).toBe(
      'ACTOR started reading BOOK',
    );
    expect(text(taggedSentence('<actor>x</actor> <book>y</book>ን ማንበብ ጀመሩ', parts))).toBe(
      'ACTOR BOOKን ማንበብ ጀመሩ',
    );
  });

  it('never parses what the parts render, and drops unknown tags', () => {
    const view = render(
      <p>
        {taggedSentence('<actor>x</actor> joined <club>y</club><evil>z</evil>.', {
          actor: () => '<b>Mallory</b>',
          club: () => '</club><img>',
        })}
      </p>,
    );
    expect(view.container.textContent).toBe('<b>Mallory</b> joined </club><img>.');
    expect(view.container.querySelector('b, img')).toBeNull();
  });
});
