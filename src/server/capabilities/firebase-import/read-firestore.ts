import Assembler from 'stream-json/assembler.js';
import { readJsonRecords, type Token } from './read-json';

/** A document of the Firestore export: its collection's path ('WaitingList/words/list'), its id and its fields. */
interface FirestoreDocument {
  type: 'document';
  collection: string;
  id: string;
  data: Record<string, unknown>;
}

/** One uid of a streamed list field (a sport's `reactions.love`…), given one at a time. */
interface FirestoreListItem {
  type: 'item';
  collection: string;
  id: string;
  field: string;
  key: string;
  value: string;
}

type FirestoreRecord = FirestoreDocument | FirestoreListItem;

type Frame =
  | { kind: 'root'; key?: string }
  // Collection name → documents: the export of node-firestore-import-export (`__collections__`).
  | { kind: 'collections'; parent: string; key?: string }
  // Collection path → documents: firestore-export-import's `subCollection` (full paths as keys).
  | { kind: 'paths'; parent: string; key?: string }
  | { kind: 'documents'; collection: string; key?: string }
  | { kind: 'document'; collection: string; id: string; data: Record<string, unknown>; key?: string }
  | { kind: 'lists'; collection: string; id: string; field: string; key?: string }
  | { kind: 'list'; collection: string; id: string; field: string; listKey: string }
  | { kind: 'skip'; depth: number };

const join = (parent: string, name: string) => (parent === '' ? name : `${parent}/${name}`);

/**
 * The documents of a Firestore JSON export, in either shape the usual tools write:
 * - firestore-export-import: `{ users: { uid: { …fields, subCollection: { 'users/uid/x': {…} } } } }`;
 * - node-firestore-import-export: `{ __collections__: { users: { uid: { …fields, __collections__: { x: {…} } } } } }`.
 * A document is given whole except the fields `streamed(collection)` names (maps of lists, such as
 * a sport's reactions with up to every member's uid), given item by item: memory stays flat
 * whatever the size of a collection or of such a list.
 */
export function readFirestore(
  file: string,
  streamed: (collection: string) => readonly string[],
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<FirestoreRecord> {
  const stack: Frame[] = [];
  let field: { assembler: Assembler; frame: Extract<Frame, { kind: 'document' }>; key: string } | undefined;

  function open(token: Token): FirestoreRecord[] | undefined {
    const top = stack.at(-1);
    const isObject = token.name === 'startObject';
    const isContainer = isObject || token.name === 'startArray';
    const skip = () => {
      if (isContainer) stack.push({ kind: 'skip', depth: 1 });
      return undefined;
    };
    if (!top) {
      if (!isObject) return skip();
      stack.push({ kind: 'root' });
      return undefined;
    }
    if (top.kind === 'skip' || top.kind === 'list') return skip();
    const key = top.key;
    if (key === undefined || !isObject) {
      if (top.kind === 'document' && key !== undefined) return startField(top, key, token);
      return skip();
    }
    switch (top.kind) {
      case 'root':
        stack.push(key === '__collections__' ? { kind: 'collections', parent: '' } : { kind: 'documents', collection: key });
        return undefined;
      case 'collections':
        stack.push({ kind: 'documents', collection: join(top.parent, key) });
        return undefined;
      case 'paths':
        stack.push({ kind: 'documents', collection: key.includes('/') ? key : join(top.parent, key) });
        return undefined;
      case 'documents':
        stack.push({ kind: 'document', collection: top.collection, id: key, data: {} });
        return undefined;
      case 'document': {
        const path = join(top.collection, top.id);
        if (key === '__collections__') stack.push({ kind: 'collections', parent: path });
        else if (key === 'subCollection') stack.push({ kind: 'paths', parent: path });
        else if (streamed(top.collection).includes(key)) stack.push({ kind: 'lists', collection: top.collection, id: top.id, field: key });
        else return startField(top, key, token);
        return undefined;
      }
      case 'lists':
        return skip();
    }
  }

  function startField(frame: Extract<Frame, { kind: 'document' }>, key: string, token: Token) {
    const assembler = new Assembler();
    assembler.consume(token as never);
    if (assembler.done) frame.data[key] = assembler.current;
    else field = { assembler, frame, key };
    frame.key = undefined;
    return undefined;
  }

  return readJsonRecords<FirestoreRecord>(file, (token) => {
    if (field) {
      field.assembler.consume(token as never);
      if (field.assembler.done) {
        field.frame.data[field.key] = field.assembler.current;
        field = undefined;
      }
      return undefined;
    }
    const top = stack.at(-1);
    switch (token.name) {
      case 'keyValue':
        if (top && top.kind !== 'skip' && top.kind !== 'list') top.key = token.value as string;
        return undefined;
      case 'startObject':
        if (top?.kind === 'skip') top.depth += 1;
        else return open(token);
        return undefined;
      case 'startArray':
        if (top?.kind === 'skip') top.depth += 1;
        else if (top?.kind === 'lists' && top.key !== undefined) {
          stack.push({ kind: 'list', collection: top.collection, id: top.id, field: top.field, listKey: top.key });
          top.key = undefined;
        } else return open(token);
        return undefined;
      case 'endObject':
      case 'endArray': {
        if (top?.kind === 'skip' && --top.depth > 0) return undefined;
        stack.pop();
        const parent = stack.at(-1);
        if (parent && parent.kind !== 'skip' && parent.kind !== 'list') parent.key = undefined;
        if (top?.kind === 'document') return [{ type: 'document', collection: top.collection, id: top.id, data: top.data }];
        return undefined;
      }
      default:
        if (top?.kind === 'list' && token.name === 'stringValue') {
          return [{ type: 'item', collection: top.collection, id: top.id, field: top.field, key: top.listKey, value: token.value as string }];
        }
        if (top?.kind === 'document' && top.key !== undefined) return startField(top, top.key, token);
        if (top && top.kind !== 'skip' && top.kind !== 'list') top.key = undefined;
        return undefined;
    }
  }, onBytes);
}
