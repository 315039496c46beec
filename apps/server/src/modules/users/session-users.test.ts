import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListener } from '../../db/notifications.ts';
import { SessionUsers } from './session-users.ts';
import type { UserWithAccount } from './users.repository.ts';

const user = (sessionVersion: number) => ({ sid: 'u1', sessionVersion }) as UserWithAccount;

afterEach(() => vi.useRealTimers());

describe('SessionUsers', () => {
  it('reads a user once while it is fresh, and again once it is not', async () => {
    vi.useFakeTimers();
    const sessions = new SessionUsers(2000);
    const load = vi.fn(async () => user(1));
    await sessions.find('u1', load);
    await sessions.find('u1', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2001);
    await sessions.find('u1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets every user at once when users or accounts change', async () => {
    const sessions = new SessionUsers(60_000);
    await sessions.find('u1', async () => user(1));
    sessions.forgetAll();
    expect(await sessions.find('u1', async () => user(2))).toEqual(user(2));
  });

  it('does not keep a read that a change overtook', async () => {
    const sessions = new SessionUsers(60_000);
    let finishRead: (value: UserWithAccount) => void = () => {};
    // The read starts, the change commits and forgets, then the read (of the old row) completes.
    const reading = sessions.find('u1', () => new Promise((resolve) => (finishRead = resolve)));
    sessions.forgetAll();
    finishRead(user(1));
    expect(await reading).toEqual(user(1));
    expect(await sessions.find('u1', async () => user(2))).toEqual(user(2));
  });

  it('remembers nothing for a missing user, nor with no time to live', async () => {
    const load = vi.fn(async () => undefined);
    const sessions = new SessionUsers(60_000);
    await sessions.find('gone', load);
    await sessions.find('gone', load);
    expect(load).toHaveBeenCalledTimes(2);

    const uncached = new SessionUsers(0);
    const loadUser = vi.fn(async () => user(1));
    await uncached.find('u1', loadUser);
    await uncached.find('u1', loadUser);
    expect(loadUser).toHaveBeenCalledTimes(2);
  });
});

describe('SessionUsers following the notifications of other processes', () => {
  function fakeNotifications() {
    const heard: ChannelListener[] = [];
    return {
      heard,
      listen: (_channel: string, listener: ChannelListener) => {
        heard.push(listener);
        listener.onListening(false);
        return () => {};
      },
    };
  }

  it('remembers nothing until it hears, then forgets at each notification', async () => {
    const notifications = fakeNotifications();
    const sessions = new SessionUsers(60_000);
    sessions.follow(notifications);
    const load = vi.fn(async () => user(1));
    await sessions.find('u1', load);
    await sessions.find('u1', load);
    expect(load).toHaveBeenCalledTimes(2);

    notifications.heard[0]?.onListening(true);
    await sessions.find('u1', load);
    await sessions.find('u1', load);
    expect(load).toHaveBeenCalledTimes(3);

    notifications.heard[0]?.onNotify();
    await sessions.find('u1', load);
    expect(load).toHaveBeenCalledTimes(4);

    // The connection drops: what was remembered goes, and nothing is remembered until it is back.
    notifications.heard[0]?.onListening(false);
    await sessions.find('u1', load);
    await sessions.find('u1', load);
    expect(load).toHaveBeenCalledTimes(6);
  });
});
