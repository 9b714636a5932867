/**
 * The words the local coach reads constraints by: data, one table per kind of constraint. A table's
 * entries are tried in order; a later entry found in the same clause wins over an earlier one.
 */
import type { Difficulty, MuscleGroup, WorkoutType } from '../../contract';
import type { Equipment, Limitation, Muscle } from '../../workouts/catalogue/catalogue.types';

export const TYPE_WORDS: Array<[WorkoutType, RegExp]> = [
  ['mixed', /\b(mixed|a bit of everything|variety|mix of everything)\b/],
  ['cardio', /\b(cardio|running|jog(ging)?|endurance|aerobic|zone 2|steady[- ]state|conditioning)\b/],
  ['hiit', /\b(hiit|high[- ]intensity|intervals?|tabata|circuits?|emom|amrap)\b/],
  ['yoga', /\b(yoga|stretch(ing|es)?|flexibility|vinyasa|mobility (work|session|routine|flow))\b/],
  [
    'strength',
    /\b(strength|weight training|weights|lifting|lift weights|build (muscle|strength)|muscle building|resistance training|hypertrophy|tone up|toning)\b/,
  ],
];

export const LEVEL_WORDS: Array<[Difficulty, RegExp]> = [
  [
    'beginner',
    /\b(beginners?|novice|new to (this|training|exercise|exercising|working out|the gym|fitness|lifting|yoga|running|it)|(i'?m|i am) (totally |completely |pretty |quite )?new|just (starting|started|getting started)|never (trained|worked out|exercised|lifted)|first time|out of shape|easy|gentle)\b/,
  ],
  ['intermediate', /\b(intermediate|moderate|medium)\b/],
  [
    'advanced',
    /\b(advanced|experienced|(been|i'?ve been) (training|lifting) for (years|\d+ years)|push me|make it hard|really hard|brutal|challenging|intense)\b/,
  ],
];

/** Equipment by name; "a rower, bike or treadmill" is a cardio machine. */
export const EQUIPMENT_WORDS: Array<[Equipment, RegExp]> = [
  ['dumbbells', /\b(dumb ?bells?|dbs)\b/],
  ['kettlebell', /\b(kettle ?bells?|kbs?)\b/],
  ['barbell_rack', /\b(barbells?|squat rack|power rack|olympic bar)\b/],
  ['bench', /\b(weight bench|a bench|bench)\b(?! press)/],
  ['machines', /\b(cable machines?|gym machines|weight machines|leg press|smith machine|cables)\b/],
  ['bands', /\b(resistance bands?|bands?|mini ?bands?|tubing)\b/],
  ['pullup_bar', /\b(pull[- ]?up bar|chin[- ]?up bar|doorway bar)\b/],
  [
    'cardio_machine',
    /\b(rower|rowing machine|erg|(exercise|stationary|spin|indoor|air|assault) bike|bike|treadmill|elliptical|cross[- ]trainer|stair ?master|stepper)\b/,
  ],
];

/** Saying one has no equipment at all: the session is bodyweight only (unless an exception follows). */
export const BODYWEIGHT_WORDS =
  /\b(no (equipment|gear|weights|kit)|without (any )?(equipment|gear|weights)|(don'?t|do not) (have|own) (any )?(equipment|gear|weights)|nothing but my (body|bodyweight)|bodyweight( only)?|body weight only|no gym|hotel room|just my body)\b/;
/** A whole gym: every piece of equipment is at hand. */
export const FULL_GYM_WORDS = /\b((at|in) (the|a) gym|full gym|gym membership|commercial gym|everything a gym has)\b/;
/** "No equipment except…": what follows is at hand after all. */
export const EXCEPTION_WORDS = /\b(except|apart from|other than|besides)\b/;
/** "I also have…": the named equipment joins what was said before instead of replacing it. */
export const ADDING_WORDS = /\b(also|too|as well|plus|in addition)\b/;

const UPPER_BODY: MuscleGroup[] = ['chest', 'back', 'shoulders', 'arms'];
const LOWER_BODY: MuscleGroup[] = ['legs', 'glutes'];

/** Body parts a session may focus on. "Back" names the muscles only outside a pain clause. */
export const FOCUS_WORDS: Array<[MuscleGroup[], RegExp]> = [
  [UPPER_BODY, /\b(upper[- ]body|upper half|top half|push and pull)\b/],
  [LOWER_BODY, /\b(lower[- ]body|bottom half|legs?|leg day|quads?|hamstrings?|calf|calves|thighs?)\b/],
  [['core'], /\b(core|abs|abdominals?|six[- ]pack|obliques)\b/],
  [
    ['back'],
    /\b(lats|upper back|(my|the|for|train|training|a) back(?! (pain|ache|problems?|issues?|injury))|back (day|muscles|workout|exercises|training|and|&))\b/,
  ],
  [['glutes'], /\b(glutes?|butt|bum|booty|backside)\b/],
  [['arms'], /\b(arms?|biceps?|triceps?|guns)\b/],
  [['chest'], /\b(chest|pecs?)\b/],
  [['shoulders'], /\b(shoulders|delts?)\b/],
];
/**
 * Muscles named within a body part: they lead the main block ("glutes and hamstrings" is hinges and
 * bridges, not a quad-led squat). Broad names ("legs", "upper body") name no muscle.
 */
export const FOCUS_MUSCLE_WORDS: Array<[Muscle[], RegExp]> = [
  [['glutes'], /\b(glutes?|butt|bum|booty|backside)\b/],
  [['hamstrings'], /\b(hamstrings?|hammies|back of (my|the) (legs?|thighs?))\b/],
  [['quads'], /\b(quads?|quadriceps|front of (my|the) thighs?)\b/],
  [['calves'], /\b(calf|calves)\b/],
  [['adductors'], /\b(adductors?|inner thighs?)\b/],
  [['biceps'], /\bbiceps?\b/],
  [['triceps'], /\btriceps?\b/],
  [['lats'], /\blats\b/],
  [['abs'], /\b(abs|six[- ]pack)\b/],
  [['obliques'], /\bobliques\b/],
];

/** A full-body session: no focus. */
export const FULL_BODY_WORDS = /\b(full[- ]body|whole[- ]body|total[- ]body)\b/;

/** Regions a limitation protects, as people name them. */
export const LIMITATION_WORDS: Array<[Limitation, RegExp]> = [
  ['knee', /\b(knees?|acl|mcl|meniscus|patella\w*|kneecaps?)\b/],
  [
    'lower_back',
    /\b(lower back|low back|(?<!to[- ])back(?![- ](to|into|in|on|at)\b)|spine|spinal|discs?|sciatica|lumbar)\b/,
  ],
  ['shoulder', /\b(shoulders?|rotator cuff)\b/],
  ['wrist', /\b(wrists?|carpal tunnel)\b/],
  ['ankle', /\b(ankles?|achilles)\b/],
  ['hip', /\b(hips?|hip flexors?)\b/],
  ['neck', /\bneck\b/],
  ['elbow', /\b(elbows?|tennis elbow|golfer'?s elbow)\b/],
];

/** Words that make a region a limitation: an injury, pain or a condition. */
export const INJURY_WORDS =
  /\b(injur\w*|hurts?|hurting|pain\w*|bad|weak|surgery|operated|operation|sprain\w*|strain\w*|tweak\w*|problems?|issues?|torn|tear|recovering|rehab\w*|arthritis|tendin\w*|tendon\w*|bursitis|dodgy|sore|aches?|aching|achy|niggl\w*|replacement|herniated|bulging|slipped|clicks?|unstable|dislocat\w*)\b/;
/** A limitation said to be over ("my knee is fine now"). */
export const HEALED_WORDS =
  /\b(no longer (hurts?|sore|painful|an issue|a problem)|(doesn'?t|does not|don'?t|do not) hurt (any ?more|now)|(is|are|'s|feels?) (fine|healed|better|ok(ay)?|good) (now|again)|(has|have|'s) healed|fully recovered)\b/;
/** Training soreness (DOMS) of a muscle group, not a joint's pain. */
export const SORE_WORDS =
  /\b(sore|soreness|doms|aching|achy|stiff|tired|fatigued|wrecked|smashed|killing me|burning)\b/;

/** Words that turn what follows them in a clause into its opposite: "no jumping", "not legs", "skip arms". */
const NEGATION_WORDS =
  /\b(no|not|without|skip(ping)?|avoid(ing)?|except|don'?t (want|have|like|do|need)|do not (want|have|need)|nothing for|never|rather not|instead of)\b/g;
/** Words after a negation that take it back for what follows: "no weights but dumbbells", "not much, just a band". */
const NEGATION_TAKEN_BACK = /\b(but|only|just)\b/g;

/**
 * Does a negation govern the end of `text` (what is said before a hit)? The last negation after the
 * last comma, with no "but", "only" or "just" after it. Scanned once left to right so that matching
 * stays linear in the text's length, however it is written.
 */
export function negatedBefore(text: string): boolean {
  const tail = text.slice(text.lastIndexOf(',') + 1);
  const lastEnd = (pattern: RegExp, wantEnd: boolean): number => {
    let at = -1;
    for (const match of tail.matchAll(pattern)) at = wantEnd ? match.index + match[0].length : match.index;
    return at;
  };
  const negationEnd = lastEnd(NEGATION_WORDS, true);
  return negationEnd >= 0 && lastEnd(NEGATION_TAKEN_BACK, false) < negationEnd;
}

/**
 * Asking for a session without saying how ("give me a workout"): the coach describes the one the
 * profile suggests, and GENERATE_WORKOUT_FROM_CHAT builds that same one.
 */
export const SESSION_ASK_WORDS =
  /\b(workouts?|routines?|sessions?|plans?|programs?|programmes?|exercises? for|train(ing)? (my|for)|give me|build me|make me|circuit)\b/;

/**
 * Minutes said as numbers: a range ("20-30 min", planned for its shorter end), minutes, hours. Spaces
 * and hyphens between number and unit are bounded, so a long run of them costs linear time.
 */
export const MINUTE_NUMBERS = {
  range: /\b(\d{1,3}) ?(?:-|–|to) ?(\d{1,3})[ -]{0,2}(?:min|mins|minutes?)\b/,
  hours: /\b(\d(?:\.\d)?)[ -]{0,2}(?:h|hr|hrs|hours?)\b/,
  minutes: /\b(\d{1,3})[ -]{0,2}(?:min|mins|minutes?)\b/,
};

/** Minutes said as words. */
export const MINUTE_PHRASES: Array<[number, RegExp]> = [
  [90, /\b((an|one) hour and a half|(an|one) and a half hours?|hour and a half|1\.5 hours?)\b/],
  [45, /\bthree[- ]quarters of an hour\b/],
  [15, /\b(a )?quarter of an hour|quarter hour\b/],
  [30, /\bhalf an hour|half hour|half-hour\b/],
  [120, /\b(two|2) hours\b/],
  [60, /\b(an|one|1) hour\b/],
];
