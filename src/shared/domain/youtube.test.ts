import { describe, expect, it } from 'vitest';
import { parseYouTubeVideo, YOUTUBE_MESSAGES } from './youtube.ts';

const ID = 'aqz-KE-bpKQ';

describe('parseYouTubeVideo (seed §5 "YouTube video")', () => {
  it("answers an empty input with 'URL is required'", () => {
    for (const input of ['', '   ']) {
      expect(parseYouTubeVideo(input)).toEqual({ error: 'URL is required' });
    }
  });

  it('accepts a bare 11-character id as it is', () => {
    expect(parseYouTubeVideo(ID)).toEqual({ id: ID });
    expect(parseYouTubeVideo(` ${ID} `)).toEqual({ id: ID });
  });

  it('extracts the id from the three link forms, with or without www', () => {
    for (const link of [
      `https://www.youtube.com/watch?v=${ID}`,
      `https://youtube.com/watch?v=${ID}&t=42s`,
      `http://www.youtube.com/embed/${ID}`,
      `https://youtube.com/embed/${ID}?start=3`,
      `https://youtu.be/${ID}`,
      `https://www.youtu.be/${ID}?si=share`,
      `https://m.youtube.com/watch?v=${ID}`,
      `HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`,
    ]) {
      expect(parseYouTubeVideo(link), link).toEqual({ id: ID });
    }
  });

  it("answers what is not a URL with 'Invalid URL format'", () => {
    for (const input of ['not a url', 'youtube.com/watch?v=' + ID, 'abc', 'www.youtu.be/x']) {
      expect(parseYouTubeVideo(input), input).toEqual({ error: 'Invalid URL format' });
    }
  });

  it("answers another protocol with 'URL must start with http:// or https://'", () => {
    for (const input of [`ftp://youtube.com/watch?v=${ID}`, 'javascript:alert(1)']) {
      expect(parseYouTubeVideo(input), input).toEqual({ error: YOUTUBE_MESSAGES.protocol });
    }
    expect(YOUTUBE_MESSAGES.protocol).toBe('URL must start with http:// or https://');
  });

  it("answers other links with 'Invalid YouTube URL or video ID'", () => {
    for (const input of [
      `https://vimeo.com/${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `https://www.youtube.com/watch?v=short`,
      `https://www.youtube.com/watch?list=${ID}`,
      `https://www.youtube.com/embed/${ID}/extra`,
      `https://youtu.be/`,
      `https://www.youtube.com/shorts/${ID}`,
    ]) {
      expect(parseYouTubeVideo(input), input).toEqual({
        error: 'Invalid YouTube URL or video ID',
      });
    }
  });
});
