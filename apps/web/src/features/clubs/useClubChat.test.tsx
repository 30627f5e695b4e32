import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClubMessage } from '@nebab/shared';
import { io } from 'socket.io-client';
import { mockFetch } from '../../test/fetchMock';
import { useClubChat } from './useClubChat';

type Handler = (...args: unknown[]) => void;

/** A stand-in for the Socket.IO client: records emits, lets the test fire server events. */
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
  fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.emitted.push({ event, payload });
    if (event === 'club:join') ack?.(this.joinAnswer);
    return this;
  }
  timeout() {
    return {
      emit: (
        event: string,
        payload: { content: string },
        ack: (error: Error | null, answer: unknown) => void,
      ) => {
        this.emitted.push({ event, payload });
        ack(null, this.messageAnswer(payload));
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
  removeAllListeners() {
    this.handlers.clear();
  }
}

const socket = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('socket.io-client', () => ({ io: vi.fn(() => socket.current) }));

const message = (id: string, minute: number, content = `message ${id}`): ClubMessage => ({
  id,
  clubId: 'c1',
  user: { id: 'u2', name: 'Abebe Kebede', profile_picture: null },
  content,
  created_at: `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('useClubChat', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    fake = new FakeSocket();
    socket.current = fake;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('joins the room on every (re)connection and fetches only what came after the newest message', async () => {
    const { calls } = mockFetch({
      'GET /api/clubs/c1/messages': ({ url }) => {
        const after = new URL(url, 'http://localhost').searchParams.get('after');
        if (!after) return { body: { items: [message('m1', 1), message('m2', 2)], hasMore: true } };
        if (after === 'm3') return { body: { items: [message('m4', 4), message('m3', 3)], hasMore: false } };
        return { body: { items: [], hasMore: false } };
      },
    });
    const { result } = renderHook(() => useClubChat('c1'));
    // WebSocket only: long-polling fails behind a load balancer without sticky sessions.
    expect(vi.mocked(io)).toHaveBeenLastCalledWith(expect.objectContaining({ transports: ['websocket'] }));

    act(() => fake.up());
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2']));
    expect(result.current.status).toBe('live');
    expect(result.current.hasEarlier).toBe(true);

    // A live message, then the same one again (the room broadcast after the ack): kept once.
    act(() => fake.fire('club:message', message('m3', 3)));
    act(() => fake.fire('club:message', message('m3', 3)));
    act(() => fake.fire('club:message', { ...message('x', 3), clubId: 'other' }));
    expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3']);

    // The connection drops; on reconnect the hook joins again and asks for what it missed.
    act(() => fake.down());
    expect(result.current.status).toBe('reconnecting');
    act(() => fake.up());
    await waitFor(() => expect(result.current.messages.map((m) => m.id)).toEqual(['m1', 'm2', 'm3', 'm4']));
    expect(fake.emitted.filter((e) => e.event === 'club:join')).toHaveLength(2);
    const urls = calls.map((call) => call.url);
    expect(urls).toEqual(['/api/clubs/c1/messages?limit=50', '/api/clubs/c1/messages?after=m3&limit=100']);
  });

  it('pages back with before and shows the stored message or the error of a refused send', async () => {
    mockFetch({
      'GET /api/clubs/c1/messages': ({ url }) => {
        const before = new URL(url, 'http://localhost').searchParams.get('before');
        if (before === 'm5') return { body: { items: [message('m4', 4)], hasMore: false } };
        return { body: { items: [message('m5', 5)], hasMore: true } };
      },
    });
    const { result } = renderHook(() => useClubChat('c1'));
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
    mockFetch({});
    fake.joinAnswer = { ok: false, code: 'FORBIDDEN', message: 'Only members of this club can do that' };
    const { result } = renderHook(() => useClubChat('c1'));
    act(() => fake.up());
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Only members of this club can do that');
    expect(result.current.loading).toBe(false);
  });
});
