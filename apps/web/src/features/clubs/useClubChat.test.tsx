import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClubMessage } from '@nebab/shared';
import { mockFetch, type MockReply } from '../../test/fetchMock';
import { testReader } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useAuth } from '../auth/authContext';
import { useClubChat, type ClubChat } from './useClubChat';

type Handler = (...args: unknown[]) => void;

/** A stand-in for the tab's Socket.IO client: records emits, lets the test fire server events. */
class FakeSocket {
  handlers = new Map<string, Handler[]>();
  emitted: { event: string; payload: unknown }[] = [];
  connected = false;
  active = true;
  joinAnswer: unknown = { ok: true, data: { clubId: 'c1' } };
  messageAnswer: (payload: { content: string }) => unknown = () => ({ ok: false, code: 'INTERNAL' });

  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  timeout() {
    return {
      emit: (
        event: string,
        payload: { content: string },
        ack: (error: Error | null, answer: unknown) => void,
      ) => {
        this.emitted.push({ event, payload });
        if (event === 'club:join') ack(null, this.joinAnswer);
        else if (event === 'club:message') ack(null, this.messageAnswer(payload));
        else ack(null, { ok: true, data: payload });
      },
    };
  }
  /** The first connection or a reconnection. */
  up() {
    this.connected = true;
    this.fire('connect');
  }
  down() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  connect() {}
  disconnect() {
    this.connected = false;
  }
}

const socket = vi.hoisted(() => ({ current: null as unknown, opened: 0 }));
vi.mock('socket.io-client', () => ({
  io: vi.fn(() => {
    socket.opened += 1;
    return socket.current;
  }),
}));

const message = (id: string, minute: number, content = `message ${id}`): ClubMessage => ({
  id,
  clubId: 'c1',
  user: { id: 'u2', name: 'Abebe Kebede', profile_picture: null },
  content,
  created_at: `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

/** Signs a reader in (the socket is only for readers) and renders the hook; `chat()` is its latest value. */
async function renderChat(messages: Record<string, MockReply | ((request: { url: string }) => MockReply)>) {
  window.localStorage.setItem('NR_token', 'tok');
  const { calls } = mockFetch({
    'GET /api/auth/me': { body: { user: testReader() } },
    'GET /api/preferences': { status: 404 },
    ...messages,
  });
  let latest: ClubChat | undefined;
  function Harness() {
    const { status } = useAuth();
    latest = useClubChat('c1');
    return <p>{status}</p>;
  }
  const view = renderWithProviders(<Harness />);
  await screen.findByText('signedIn');
  return {
    view,
    chat: () => latest!,
    messageCalls: () => calls.map((call) => call.url).filter((url) => url.includes('/messages')),
  };
}

describe('useClubChat', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    fake = new FakeSocket();
    socket.current = fake;
    socket.opened = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('joins the room on every (re)connection and fetches only what came after the newest message', async () => {
    const { chat, messageCalls } = await renderChat({
      'GET /api/clubs/c1/messages': ({ url }) => {
        const after = new URL(url, 'http://localhost').searchParams.get('after');
        if (!after) return { body: { items: [message('m1', 1), message('m2', 2)], hasMore: true } };
        if (after === 'm3') return { body: { items: [message('m4', 4), message('m3', 3)], hasMore: false } };
        return { body: { items: [], hasMore: false } };
      },
    });
    const result = {
      get current() {
        return chat();
      },
    };

    act(() => fake.up());
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2']));
    expect(result.current.status).toBe('live');
    expect(result.current.hasEarlier).toBe(true);

    // A live message, then the same one again (the room broadcast after the ack): kept once.
    act(() => fake.fire('club:message', message('m3', 3)));
    act(() => fake.fire('club:message', message('m3', 3)));
    act(() => fake.fire('club:message', { ...message('x', 3), clubId: 'other' }));
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']));

    // The connection drops; on reconnect the hook joins again and asks for what it missed.
    act(() => fake.down());
    await waitFor(() => expect(result.current.status).toBe('reconnecting'));
    act(() => fake.up());
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']));
    expect(fake.emitted.filter((e) => e.event === 'club:join')).toHaveLength(2);
    expect(messageCalls()).toEqual([
      '/api/clubs/c1/messages?limit=50',
      '/api/clubs/c1/messages?after=m3&limit=100',
    ]);
    // One socket for the tab.
    expect(socket.opened).toBe(1);
  });

  it('fetches what a digest lists and the chat lacks, paging back while needed, each id asked once', async () => {
    let stored = [message('m1', 1), message('m2', 2)];
    const { chat, messageCalls } = await renderChat({
      'GET /api/clubs/c1/messages': ({ url }) => {
        const params = new URL(url, 'http://localhost').searchParams;
        const before = params.get('before');
        if (before === 'm3') return { body: { items: [message('m2b', 2)], hasMore: true } };
        if (before === 'm2b') return { body: { items: [message('m1', 1)], hasMore: false } };
        return { body: { items: stored, hasMore: stored[0]!.id !== 'm1' } };
      },
    });
    act(() => fake.up());
    await waitFor(() => expect(chat().messages.map((m) => m.id)).toEqual(['m1', 'm2']));

    // Listed ids all held, or another club's digest: nothing fetched.
    act(() => fake.fire('club:recent', { clubId: 'c1', ids: ['m1', 'm2'] }));
    act(() => fake.fire('club:recent', { clubId: 'other', ids: ['z'] }));
    // m2b was stored by a node that died before broadcasting it; m9's author is blocked (never served).
    stored = [message('m3', 3), message('m4', 4)];
    act(() => fake.fire('club:recent', { clubId: 'c1', ids: ['m2', 'm2b', 'm3', 'm4', 'm9'] }));
    await waitFor(() => expect(chat().messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm2b', 'm3', 'm4']));
    act(() => fake.fire('club:recent', { clubId: 'c1', ids: ['m2b', 'm3', 'm4', 'm9'] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messageCalls()).toEqual([
      '/api/clubs/c1/messages?limit=50',
      '/api/clubs/c1/messages?limit=100',
      '/api/clubs/c1/messages?before=m3&limit=100',
      '/api/clubs/c1/messages?before=m2b&limit=100',
    ]);
  });

  it('pages back with before and shows the stored message or the error of a refused send', async () => {
    const { chat } = await renderChat({
      'GET /api/clubs/c1/messages': ({ url }) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before');
        if (before === 'm5') return { body: { items: [message('m4', 4)], hasMore: false } };
        return { body: { items: [message('m5', 5)], hasMore: true } };
      },
    });
    const result = {
      get current() {
        return chat();
      },
    };
    act(() => fake.up());
    await waitFor(() => expect(result.current.messages).toHaveLength(1));

    await act(() => result.current.loadEarlier());
    expect(result.current.messages.map((m) => m.id)).toEqual(['m4', 'm5']);
    expect(result.current.hasEarlier).toBe(false);

    fake.messageAnswer = ({ content }) => ({ ok: true, data: message('m6', 6, content) });
    let sent: Awaited<ReturnType<typeof result.current.send>> | undefined;
    await act(async () => {
      sent = await result.current.send('  Hello\nthere  ');
    });
    expect(sent).toEqual({ ok: true });
    expect(fake.emitted.at(-1)).toEqual({
      event: 'club:message',
      payload: { clubId: 'c1', content: 'Hello\nthere' },
    });
    expect(result.current.messages.at(-1)?.content).toBe('Hello\nthere');

    fake.messageAnswer = () => ({ ok: false, code: 'RATE_LIMITED', retryAfterMs: 3200 });
    await act(async () => {
      sent = await result.current.send('Again');
    });
    expect(sent).toEqual({
      ok: false,
      message: 'You are sending messages too quickly. Please wait 4 s and try again.',
    });

    // Too long or blank: refused before anything is sent.
    const emits = fake.emitted.length;
    await act(async () => {
      sent = await result.current.send('x'.repeat(2001));
    });
    expect(sent).toEqual({ ok: false, message: 'The message can be at most 2000 characters' });
    await act(async () => {
      sent = await result.current.send('   ');
    });
    expect(sent).toEqual({ ok: false, message: 'Please write a message' });
    expect(fake.emitted).toHaveLength(emits);
  });

  it('shows why the room was refused', async () => {
    fake.joinAnswer = { ok: false, code: 'FORBIDDEN', message: 'Only members of this club can do that' };
    const { chat } = await renderChat({});
    const result = {
      get current() {
        return chat();
      },
    };
    act(() => fake.up());
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Only members of this club can do that');
    expect(result.current.loading).toBe(false);
  });

  it('leaves the room when the chat closes, and keeps the socket for the rest of the tab', async () => {
    const { view } = await renderChat({
      'GET /api/clubs/c1/messages': { body: { items: [], hasMore: false } },
    });
    act(() => fake.up());
    await waitFor(() => expect(fake.emitted.map((e) => e.event)).toContain('club:join'));
    view.unmount();
    expect(fake.emitted.map((e) => e.event)).toContain('club:leave');
  });
});
