/**
 * Issue 18: what a user tells the app about themselves on the profile screen. The generator and the
 * coach read these; the exercise catalogue is described with the same words (equipment, limitation).
 */
export const TRAINING_GOALS = ['lose_fat', 'build_muscle', 'endurance', 'mobility', 'general_fitness'] as const;

/** Equipment at hand. Bodyweight exercises need none of these; a mat is assumed everywhere. */
export const EQUIPMENT = ['dumbbells', 'kettlebell', 'barbell_rack', 'bench', 'machines', 'bands', 'pullup_bar', 'cardio_machine'] as const;

/** Body parts a user may ask to spare: an exercise that loads one is never given to them. */
export const LIMITATIONS = ['knee', 'lower_back', 'shoulder', 'wrist', 'ankle', 'hip', 'neck', 'elbow'] as const;

/** Shown everywhere in the chosen system; the server stores metric (cm, kg) only. */
export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
