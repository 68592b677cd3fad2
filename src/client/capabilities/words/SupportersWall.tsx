import { fieldMessages } from '../../../shared/messages';
import type { WordItem } from '../../../shared/words';
import { Avatar } from '../../platform/ui/Avatar';
import { Marquee } from '../../platform/ui/Marquee';
import { fetchWall } from './api';
import { onePerAuthor, wallDurationSeconds } from './dedupe';
import { useLiveQuery } from '../../platform/live/useLiveQuery';
import './words.css';

const MIN_WORDS_TO_SCROLL = 4;

function WordCard({ word }: { word: WordItem }) {
  return (
    <figure className={word.vip ? 'word-card word-card--vip' : 'word-card'}>
      <blockquote className="word-card__content">{word.content}</blockquote>
      <figcaption className="word-card__author">
        <Avatar name={word.author} src={word.authorPic} size={36} />
        <span>{word.author || fieldMessages.unknownAuthor}</span>
        {word.vip && <span className="tag tag--accent">VIP</span>}
      </figcaption>
    </figure>
  );
}

/**
 * The scrolling wall of supporters' words (spec §2, §4, §9): a loading image until a first
 * public word arrives, one entry per author, VIP words highlighted, 4 s of scrolling per
 * entry, with its pause button (Marquee). Updates live.
 */
export function SupportersWall() {
  const { data } = useLiveQuery('words', fetchWall);
  const words = onePerAuthor(data?.words ?? []);

  if (words.length === 0) {
    return (
      <div className="wall-loading" role="status">
        <img src="/images/wall-loading.svg" alt="" width="160" height="96" />
        <p>Les mots de soutien arrivent…</p>
      </div>
    );
  }

  // A handful of words does not fill a screen: they sit still rather than loop in a gap.
  if (words.length < MIN_WORDS_TO_SCROLL) {
    return (
      <ul className="wall__list wall__list--static" aria-label="Mots de soutien">
        {words.map((word) => (
          <li key={word.id}>
            <WordCard word={word} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Marquee label="Mots de soutien" durationSeconds={wallDurationSeconds(words.length)} className="wall">
      <ul className="wall__list">
        {words.map((word) => (
          <li key={word.id}>
            <WordCard word={word} />
          </li>
        ))}
      </ul>
    </Marquee>
  );
}
