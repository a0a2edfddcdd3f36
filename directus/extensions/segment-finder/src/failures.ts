/** Why an episode or a season got no proposals, as a state editors read (Russian). */
export type FailureKind = 'no-audio' | 'not-video' | 'too-long' | 'too-few-episodes' | 'tool-missing' | 'unreadable' | 'timeout' | 'aborted';

export const FAILURE_TEXT: Record<FailureKind, string> = {
  'no-audio': 'нет звука',
  'not-video': 'не видео',
  'too-long': 'слишком длинный файл',
  'too-few-episodes': 'слишком мало серий для сравнения',
  'tool-missing': 'не установлена программа анализа звука',
  unreadable: 'не удалось прочитать файл',
  timeout: 'анализ занял слишком много времени',
  aborted: 'анализ остановлен',
};

export interface Failure {
  ok: false;
  kind: FailureKind;
  /** The state shown to editors. */
  message: string;
  /** What the program said, for the log. */
  detail?: string;
}

export function failure(kind: FailureKind, detail?: string): Failure {
  return { ok: false, kind, message: FAILURE_TEXT[kind], ...(detail ? { detail } : {}) };
}
