import {
  accepted,
  activityCheck,
  codeCheck,
  durationCheck,
  imageCheck,
  movementCheck,
  personCheck,
  personFound,
  ranOutOfTime,
  tooSlowCheck,
  unreadableCheck,
  videoFileCheck,
  videoPersonCheck,
} from './evidence.rules';

describe('evidence verdicts', () => {
  it('finds a person when any detector that ran is sure enough', () => {
    expect(personFound({ face: 0.5 })).toBe(true);
    expect(personFound({ face: 0.31, body: 0.6 })).toBe(true);
    expect(personFound({ person: 0.45 })).toBe(true);
    expect(personFound({ face: 0.49, body: 0.59, person: 0.44 })).toBe(false);
    expect(personFound({})).toBe(false);
  });

  it('reads the image header: unreadable, a decompression bomb, too small, fine', () => {
    expect(imageCheck(null, 'gym_selfie')).toEqual({
      name: 'file',
      passed: false,
      reason: 'The selfie could not be read: send a JPEG, PNG or WEBP file',
    });
    expect(imageCheck({ width: 10_000, height: 5_000 }, 'apple_watch')).toEqual({
      name: 'file',
      passed: false,
      reason: 'The image is too large (10000×5000): send one of at most 40 megapixels',
    });
    expect(imageCheck({ width: 63, height: 200 }, 'gym_selfie').passed).toBe(false);
    expect(imageCheck({ width: 1080, height: 1440 }, 'gym_selfie')).toEqual({
      name: 'file',
      passed: true,
      reason: 'Image 1080×1440',
    });
  });

  it('says what is missing in a selfie', () => {
    expect(personCheck(false, 'gym_selfie')).toEqual({
      name: 'person',
      passed: false,
      reason: 'No person found in the selfie',
    });
    expect(codeCheck(false, '7K2Q9X')).toEqual({
      name: 'code',
      passed: false,
      reason: 'Code 7K2Q9X not found: show it on paper or a screen',
    });
    expect(codeCheck(true, '7K2Q9X').passed).toBe(true);
  });

  it('checks a video: a picture track, its length, a person in most frames, movement', () => {
    expect(videoFileCheck(null)).toEqual(unreadableCheck('workout_video'));
    expect(unreadableCheck('workout_video').reason).toBe('The video could not be read: send a MP4, MOV or WEBM file');
    expect(videoFileCheck({ hasVideo: false, seconds: 30, width: 0, height: 0, framesPerSecond: 0 }).reason).toBe(
      'The file has no video track: send a video of your workout',
    );
    expect(videoFileCheck({ hasVideo: true, seconds: 30, width: 8000, height: 8000, framesPerSecond: 30 }).reason).toBe(
      "The video's frames are too large (8000×8000): record at a lower resolution",
    );
    expect(videoFileCheck({ hasVideo: true, seconds: 30, width: 1920, height: 1080, framesPerSecond: 30 }).passed).toBe(
      true,
    );
    expect(durationCheck(9.96)).toEqual({
      name: 'duration',
      passed: false,
      reason: 'The video lasts 9.9 s: record at least 10 s',
    });
    expect(durationCheck(10).passed).toBe(true);
    expect(videoPersonCheck(5, 8).passed).toBe(true);
    expect(videoPersonCheck(4, 8)).toEqual({
      name: 'person',
      passed: false,
      reason: 'No person in most of the video (4 of 8 sampled frames): keep yourself in the picture',
    });
    expect(videoPersonCheck(0, 0).passed).toBe(false);
  });

  it('refuses a still picture: too few sampled pairs move', () => {
    expect(movementCheck([0.2, 0.1, 0.3, 0.2, 0.1, 0.2, 0.1]).passed).toBe(false);
    expect(movementCheck([5, 0.2, 0.1, 0.3, 0.2, 0.1, 0.2]).passed).toBe(false);
    expect(movementCheck([5, 6, 7, 4, 0.2, 0.1, 0.2])).toEqual({
      name: 'movement',
      passed: true,
      reason: 'The picture moves between 4 of 7 sampled frames',
    });
    expect(movementCheck([]).passed).toBe(false);
  });

  it('reads an activity summary or says what it looked for', () => {
    expect(activityCheck({ minutes: 42, kcal: 412 })).toEqual({
      name: 'activity',
      passed: true,
      reason: 'Activity summary read: 42 min, 412 kcal',
    });
    expect(activityCheck({})).toEqual({
      name: 'activity',
      passed: false,
      reason:
        'No activity figures (minutes, kcal, steps or heart rate) could be read in the screenshot: send one that shows them',
    });
  });

  it('refuses what could not be checked in time, and accepts only when every check passed', () => {
    expect(tooSlowCheck('workout_video')).toEqual({
      name: 'file',
      passed: false,
      reason: 'The video could not be checked in time: send a shorter or smaller file',
    });
    expect(accepted([personCheck(true, 'gym_selfie'), codeCheck(true, 'X')])).toBe(true);
    expect(accepted([personCheck(true, 'gym_selfie'), codeCheck(false, 'X')])).toBe(false);
  });

  it('tells a check that ran out of time (not kept for reuse) from a refusal of the file', () => {
    expect(ranOutOfTime('workout_video', [tooSlowCheck('workout_video')])).toBe(true);
    expect(
      ranOutOfTime('gym_selfie', [imageCheck({ width: 640, height: 480 }, 'gym_selfie'), tooSlowCheck('gym_selfie')]),
    ).toBe(true);
    expect(
      ranOutOfTime('gym_selfie', [
        imageCheck({ width: 640, height: 480 }, 'gym_selfie'),
        personCheck(false, 'gym_selfie'),
      ]),
    ).toBe(false);
    expect(ranOutOfTime('gym_selfie', [unreadableCheck('gym_selfie')])).toBe(false);
  });
});
