/** The media-chrome elements the player renders, as JSX knows them. */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type MediaElementProps<A = object> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & { class?: string; slot?: string } & A;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'media-controller': MediaElementProps<{ nohotkeys?: string }>;
      'media-control-bar': MediaElementProps;
      'media-play-button': MediaElementProps;
      'media-time-range': MediaElementProps;
      'media-time-display': MediaElementProps<{ showduration?: string }>;
      'media-mute-button': MediaElementProps;
      'media-volume-range': MediaElementProps;
      'media-playback-rate-button': MediaElementProps<{ rates?: string }>;
      'media-fullscreen-button': MediaElementProps;
    }
  }
}
