import { BAR_KG, BAR_LB, epley1rm, PLATES_KG, PLATES_LB, platesFor, setVolume } from './training-log';
import { sessionCredits, sessionDone } from './workouts';

describe('estimated one-rep max (Epley: load × (1 + reps / 30))', () => {
  it('matches the worked examples a coach checks by hand', () => {
    // 100 kg × 10: 100 × (1 + 10/30) = 133.33 kg.
    expect(epley1rm(100, 10)).toBe(133.33);
    // 80 kg × 8: 80 × 1.2667 = 101.33 kg.
    expect(epley1rm(80, 8)).toBe(101.33);
    // 60 kg × 5: 60 × 1.1667 = 70 kg.
    expect(epley1rm(60, 5)).toBe(70);
    // A single is its own max, not 1.033 × the load.
    expect(epley1rm(140, 1)).toBe(140);
  });

  it('gives none past 12 reps, for no reps, or without a load', () => {
    expect(epley1rm(40, 13)).toBeNull();
    expect(epley1rm(40, 0)).toBeNull();
    expect(epley1rm(0, 8)).toBeNull();
  });

  it('counts volume as load × reps, none for bodyweight', () => {
    expect(setVolume(80, 8)).toBe(640);
    expect(setVolume(22.5, 12)).toBe(270);
    expect(setVolume(undefined, 20)).toBe(0);
  });
});

describe('the plate calculator', () => {
  it('loads 100 kg on a 20 kg bar as 25 + 15 a side', () => {
    expect(platesFor(100, BAR_KG, PLATES_KG)).toEqual({ perSide: [25, 15], achieved: 100, remainder: 0 });
  });

  it('uses the change plates: 62.5 kg is 20 + 1.25 a side', () => {
    expect(platesFor(62.5, BAR_KG, PLATES_KG)).toEqual({ perSide: [20, 1.25], achieved: 62.5, remainder: 0 });
  });

  it('loads 225 lb as two 45s a side on a 45 lb bar, and 135 lb as one', () => {
    expect(platesFor(225, BAR_LB, PLATES_LB).perSide).toEqual([45, 45]);
    expect(platesFor(135, BAR_LB, PLATES_LB).perSide).toEqual([45]);
  });

  it('says what cannot be made: 101 kg loads 100 and leaves 1 kg', () => {
    expect(platesFor(101, BAR_KG, PLATES_KG)).toEqual({ perSide: [25, 15], achieved: 100, remainder: 1 });
  });

  it('loads nothing for the empty bar or less', () => {
    expect(platesFor(20, BAR_KG, PLATES_KG)).toEqual({ perSide: [], achieved: 20, remainder: 0 });
    expect(platesFor(15, BAR_KG, PLATES_KG)).toEqual({ perSide: [], achieved: 20, remainder: 0 });
  });
});

describe("a session's paid share: its done sets", () => {
  const squat = { id: 'ex1', dose: { sets: 3 } };
  const bench = { id: 'ex2', dose: { sets: 4 } };
  const stretch = { id: 'ex3' };

  it('counts a ticked exercise whole and a logged one by its sets out of the prescription', () => {
    expect(sessionDone([squat, bench, stretch], ['ex3'], { ex1: 3, ex2: 2 })).toBe(2.5);
    // 21 credits × 2.5 / 3 = 17.5 → 18.
    expect(sessionCredits(21, 2.5, 3)).toBe(18);
  });

  it('pays no more for sets past the prescription', () => {
    expect(sessionDone([squat], [], { ex1: 6 })).toBe(1);
    expect(sessionDone([squat, bench], ['ex1'], { ex1: 1 })).toBe(1);
  });
});
