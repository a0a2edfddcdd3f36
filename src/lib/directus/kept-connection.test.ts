import { describe, expect, it } from 'vitest';
import { connectionAfter, type Connection } from './kept-connection.ts';

const through = (steps: Array<'closed' | 'connecting' | 'open'>, from: Connection = 'connecting') =>
  steps.reduce<Connection>((c, s) => connectionAfter(c, s), from);

describe('the connection as a person is told of it', () => {
  it('is connecting until the first opening, then open', () => {
    expect(through(['connecting'])).toBe('connecting');
    expect(through(['connecting', 'open'])).toBe('open');
  });

  it('is lost once the socket closes, and stays lost through the attempts to connect again', () => {
    expect(through(['connecting', 'open', 'closed'])).toBe('lost');
    expect(through(['connecting', 'open', 'closed', 'connecting', 'closed', 'connecting'])).toBe('lost');
    expect(through(['connecting', 'closed', 'connecting'])).toBe('lost');
  });

  it('is open again when the socket opens again', () => {
    expect(through(['connecting', 'open', 'closed', 'connecting', 'open'])).toBe('open');
  });
});
