/**
 * The local coach's curated exercise library. Each entry says which workouts it suits, the lowest
 * difficulty it is taught at (1 beginner … 3 advanced), the equipment it needs, the muscles it trains
 * and the joints it loads (left out when the user reports an injury there).
 */
import type { ExercisePhase, MuscleGroup, WorkoutType } from '../../contract';
import type { Equipment as ProfileEquipment, Limitation } from '../../workouts/catalogue/catalogue.types';

export type Equipment = 'none' | 'mat' | 'dumbbells' | 'kettlebell' | 'band' | 'bench' | 'pullup_bar' | 'jump_rope' | 'machine';
/** The profile's equipment an item needs: [] for the floor and a mat; null when the profile cannot say it is at hand (a rope). */
export const PROFILE_EQUIPMENT_NEEDED: Record<Equipment, ProfileEquipment[] | null> = {
  none: [],
  mat: [],
  dumbbells: ['dumbbells'],
  kettlebell: ['kettlebell'],
  band: ['bands'],
  bench: ['bench'],
  pullup_bar: ['pullup_bar'],
  jump_rope: null,
  machine: ['cardio_machine'],
};

export interface LibraryExercise {
  slug: string;
  name: string;
  instructions: string;
  phase: ExercisePhase;
  types: WorkoutType[];
  level: 1 | 2 | 3;
  equipment: Equipment;
  muscles: MuscleGroup[];
  loads: Limitation[];
  /** Dosed by time (holds, intervals) rather than repetitions. */
  timed: boolean;
}

const ALL: WorkoutType[] = ['strength', 'cardio', 'hiit', 'yoga', 'mixed'];
const STRENGTH: WorkoutType[] = ['strength', 'mixed'];
const CONDITIONING: WorkoutType[] = ['hiit', 'cardio', 'mixed'];

type Spec = [slug: string, name: string, level: 1 | 2 | 3, equipment: Equipment, muscles: MuscleGroup[], loads: Limitation[], instructions: string];

function entries(phase: ExercisePhase, types: WorkoutType[], timed: boolean, specs: Spec[]): LibraryExercise[] {
  return specs.map(([slug, name, level, equipment, muscles, loads, instructions]) => ({ slug, name, instructions, phase, types, level, equipment, muscles, loads, timed }));
}

export const EXERCISE_LIBRARY: LibraryExercise[] = [
  ...entries('warmup', ALL, true, [
    ['march-in-place', 'March in Place', 1, 'none', ['cardio', 'legs'], [], 'Lift the knees to hip height one at a time and swing the arms. Stay tall and breathe steadily.'],
    ['arm-circles', 'Arm Circles', 1, 'none', ['shoulders'], [], 'Arms straight out to the sides, draw small circles that grow larger; reverse the direction halfway.'],
    ['hip-circles', 'Hip Circles', 1, 'none', ['mobility', 'glutes'], [], 'Hands on hips, feet shoulder-width apart, roll the hips in wide circles; switch direction halfway.'],
    ['leg-swings', 'Leg Swings', 1, 'none', ['legs', 'mobility'], [], 'Hold a wall for balance and swing one leg forward and back in a controlled arc; switch legs halfway.'],
    ['cat-cow', 'Cat-Cow', 1, 'mat', ['back', 'mobility'], [], 'On hands and knees, round the spine up as you exhale, then lift the chest and drop the belly as you inhale.'],
    ['torso-twists', 'Standing Torso Twists', 1, 'none', ['core', 'mobility'], [], 'Feet planted, rotate the upper body left and right with loose arms, letting the hips follow a little.'],
    ['jumping-jacks', 'Jumping Jacks', 1, 'none', ['full_body', 'cardio'], ['knee', 'ankle'], 'Jump the feet out while raising the arms overhead, then back together. Land softly on the balls of the feet.'],
    ['easy-high-knees', 'Easy High Knees', 1, 'none', ['cardio', 'legs'], ['knee', 'ankle'], 'Jog in place lifting the knees at an easy pace; stay light and relaxed.'],
    ['inchworm', 'Inchworm', 2, 'none', ['full_body', 'mobility'], ['wrist'], 'Hinge forward, walk the hands out to a plank, pause, then walk them back to the feet and stand tall.'],
    ['worlds-greatest-stretch', "World's Greatest Stretch", 2, 'none', ['full_body', 'mobility'], ['knee'], 'Step into a deep lunge, put the same-side hand down and rotate the other arm to the ceiling; alternate sides.'],
    ['half-sun-salutation', 'Half Sun Salutation', 1, 'mat', ['mobility', 'full_body'], [], 'Reach up as you inhale, fold forward as you exhale, lift halfway with a flat back, fold again and rise.'],
  ]),
  ...entries('cooldown', ALL, true, [
    ['childs-pose', "Child's Pose", 1, 'mat', ['back', 'mobility'], ['knee'], 'Kneel, sit back on the heels and stretch the arms forward with the forehead down; breathe slowly.'],
    ['seated-hamstring-stretch', 'Seated Hamstring Stretch', 1, 'mat', ['legs', 'mobility'], [], 'Sit with straight legs and hinge from the hips toward the toes with a long back; hold without bouncing.'],
    ['standing-quad-stretch', 'Standing Quad Stretch', 1, 'none', ['legs'], ['knee'], 'Hold a wall, pull one heel toward the glute with knees together and hips tucked; switch legs halfway.'],
    ['doorway-chest-stretch', 'Doorway Chest Stretch', 1, 'none', ['chest', 'shoulders'], ['shoulder'], 'Forearm on a door frame at shoulder height, step through gently until the chest opens; switch sides.'],
    ['figure-four-stretch', 'Figure-Four Stretch', 1, 'mat', ['glutes', 'mobility'], [], 'On your back, cross one ankle over the other knee and pull the thigh toward you; switch sides halfway.'],
    ['supine-twist', 'Supine Spinal Twist', 1, 'mat', ['back', 'mobility'], [], 'On your back, drop both bent knees to one side with arms wide and shoulders down; switch sides.'],
    ['cross-body-shoulder-stretch', 'Cross-Body Shoulder Stretch', 1, 'none', ['shoulders', 'arms'], [], 'Pull one straight arm across the chest with the other forearm, shoulders relaxed; switch arms.'],
    ['wall-calf-stretch', 'Wall Calf Stretch', 1, 'none', ['legs'], [], 'Hands on a wall, one leg back with the heel pressed down and the knee straight; switch legs halfway.'],
    ['cobra-stretch', 'Cobra Stretch', 1, 'mat', ['core', 'back'], ['lower_back', 'wrist'], 'Lying face down, press the chest up with soft elbows and hips on the floor; breathe into the belly.'],
    ['box-breathing', 'Box Breathing', 1, 'none', ['mobility'], [], 'Sit or lie comfortably. Inhale 4 s, hold 4 s, exhale 4 s, hold 4 s; repeat to bring the heart rate down.'],
  ]),
  ...entries('main', STRENGTH, false, [
    ['push-up', 'Push-Up', 2, 'none', ['chest', 'arms', 'core'], ['wrist', 'shoulder'], 'Hands under the shoulders, body in one straight line; lower the chest to a fist above the floor and press back up.'],
    ['incline-push-up', 'Incline Push-Up', 1, 'bench', ['chest', 'arms'], ['wrist'], 'Hands on a bench or counter, body straight; lower the chest to the edge and press away.'],
    ['diamond-push-up', 'Diamond Push-Up', 3, 'none', ['arms', 'chest'], ['wrist', 'shoulder'], 'Hands together under the chest in a diamond; lower with the elbows close to the ribs and press up.'],
    ['floor-press', 'Dumbbell Floor Press', 2, 'dumbbells', ['chest', 'arms'], [], 'Lie on the floor with knees bent and press the dumbbells up from the chest; the floor keeps the range shoulder-friendly.'],
    ['bodyweight-squat', 'Bodyweight Squat', 1, 'none', ['legs', 'glutes'], ['knee'], 'Feet shoulder-width, sit the hips back and down until the thighs are parallel, knees over the toes; stand tall.'],
    ['goblet-squat', 'Goblet Squat', 2, 'dumbbells', ['legs', 'glutes', 'core'], ['knee'], 'Hold a dumbbell at the chest, elbows down; squat between the knees with the chest up, then drive up.'],
    ['reverse-lunge', 'Reverse Lunge', 2, 'none', ['legs', 'glutes'], ['knee'], 'Step one foot back and lower until both knees bend to 90°, front knee over the ankle; push back up and alternate.'],
    ['bulgarian-split-squat', 'Bulgarian Split Squat', 3, 'bench', ['legs', 'glutes'], ['knee'], 'Rear foot on a bench, lower straight down on the front leg until the thigh is parallel; drive up through the heel.'],
    ['step-up', 'Step-Up', 1, 'bench', ['legs', 'glutes'], ['knee'], 'Step onto a sturdy bench with the whole foot, drive through the heel to stand tall, step down with control.'],
    ['glute-bridge', 'Glute Bridge', 1, 'mat', ['glutes', 'core'], [], 'On your back with knees bent, press through the heels to lift the hips until shoulders, hips and knees line up.'],
    ['single-leg-glute-bridge', 'Single-Leg Glute Bridge', 2, 'mat', ['glutes', 'legs'], [], 'Like a glute bridge with one leg extended; keep the hips level as you lift and lower.'],
    ['romanian-deadlift', 'Dumbbell Romanian Deadlift', 2, 'dumbbells', ['legs', 'glutes', 'back'], ['lower_back'], 'Dumbbells in front of the thighs, soft knees; push the hips back with a flat back until the hamstrings stretch, then stand.'],
    ['bent-over-row', 'Dumbbell Bent-Over Row', 2, 'dumbbells', ['back', 'arms'], ['lower_back'], 'Hinge to 45° with a flat back and pull the dumbbells to the lower ribs, squeezing the shoulder blades; lower slowly.'],
    ['band-row', 'Resistance Band Row', 1, 'band', ['back', 'arms'], [], 'Anchor a band at chest height, step back until it is taut and pull the handles to the ribs; return slowly.'],
    ['superman', 'Superman Hold', 1, 'mat', ['back', 'glutes'], ['lower_back'], 'Lying face down, lift the arms, chest and legs a few centimetres, hold for two seconds and lower with control.'],
    ['pull-up', 'Pull-Up', 3, 'pullup_bar', ['back', 'arms'], ['shoulder'], 'Hang with the hands just wider than the shoulders, pull until the chin clears the bar, lower to straight arms.'],
    ['renegade-row', 'Renegade Row', 3, 'dumbbells', ['back', 'core', 'arms'], ['wrist'], 'Plank on two dumbbells with feet wide; row one to the ribs without twisting the hips, then the other.'],
    ['shoulder-press', 'Dumbbell Shoulder Press', 2, 'dumbbells', ['shoulders', 'arms'], ['shoulder'], 'Dumbbells at shoulder height, brace the core and press overhead without arching the back; lower to the shoulders.'],
    ['pike-push-up', 'Pike Push-Up', 3, 'none', ['shoulders', 'arms'], ['wrist', 'shoulder'], 'Hips high in an inverted V, bend the elbows to bring the head toward the floor between the hands, press back.'],
    ['lateral-raise', 'Lateral Raise', 1, 'dumbbells', ['shoulders'], ['shoulder'], 'Light dumbbells at the sides, raise the arms out to shoulder height with soft elbows, lower slowly.'],
    ['bicep-curl', 'Dumbbell Biceps Curl', 1, 'dumbbells', ['arms'], [], 'Elbows pinned to the sides, curl the dumbbells to the shoulders without swinging and lower fully.'],
    ['bench-dip', 'Bench Dip', 2, 'bench', ['arms', 'chest'], ['shoulder', 'wrist'], 'Hands on a bench behind you, lower until the elbows reach 90° with them pointing back, then press up.'],
    ['dead-bug', 'Dead Bug', 1, 'mat', ['core'], [], 'On your back, arms up and knees at 90°, lower the opposite arm and leg with the low back pressed down; alternate.'],
    ['bicycle-crunch', 'Bicycle Crunch', 2, 'mat', ['core'], [], 'Hands by the temples, bring one elbow toward the opposite knee while the other leg extends; alternate.'],
    ['kettlebell-swing', 'Kettlebell Swing', 3, 'kettlebell', ['glutes', 'back', 'full_body'], ['lower_back'], 'Hike the bell back between the legs, then snap the hips forward to float it to chest height; arms stay loose.'],
  ]),
  ...entries('main', [...STRENGTH, 'yoga'], true, [
    ['plank', 'Forearm Plank', 1, 'mat', ['core'], ['shoulder'], 'Forearms under the shoulders, body straight from head to heels; brace the abs and glutes and breathe.'],
    ['side-plank', 'Side Plank', 2, 'mat', ['core'], ['shoulder'], 'On one forearm with the feet stacked, lift the hips into a straight line; hold, then switch sides halfway.'],
  ]),
  ...entries('main', STRENGTH, true, [
    ['hollow-hold', 'Hollow Body Hold', 3, 'mat', ['core'], ['lower_back'], 'On your back, lift the shoulders and legs off the floor with arms overhead and the low back pressed down; hold.'],
    ['wall-sit', 'Wall Sit', 1, 'none', ['legs'], ['knee'], 'Back flat against a wall, slide down until the knees are at 90° with the weight in the heels; hold.'],
    ['farmer-carry', "Farmer's Carry", 1, 'dumbbells', ['full_body', 'core', 'arms'], [], 'Heavy dumbbells at your sides, walk tall with short steps, shoulders down and core braced.'],
    ['calf-raise', 'Calf Raise', 1, 'none', ['legs'], ['ankle'], 'Stand on the edge of a step, lower the heels below it and rise onto the toes; pause at the top.'],
  ]),
  ...entries('main', ['cardio', 'mixed'], true, [
    ['brisk-walk', 'Brisk Incline Walk', 1, 'none', ['cardio', 'legs'], [], 'Walk fast enough that talking takes effort, arms swinging; on a treadmill add a 5–8 % incline.'],
    ['easy-jog', 'Easy Jog', 1, 'none', ['cardio', 'legs'], ['knee', 'ankle'], 'Run at a conversational pace with short, quick steps landing under the hips; relax the shoulders.'],
    ['tempo-run', 'Tempo Run', 3, 'none', ['cardio', 'legs'], ['knee', 'ankle'], 'Run at a comfortably hard pace you could hold for about an hour: a few words at a time, no more.'],
    ['stationary-bike', 'Stationary Bike', 1, 'machine', ['cardio', 'legs'], [], 'Seat at hip height with a slight knee bend at the bottom; pedal at a steady 80–90 rpm.'],
    ['rowing-machine', 'Rowing Machine', 2, 'machine', ['cardio', 'back', 'legs'], ['lower_back'], 'Push with the legs, then lean back slightly and pull the handle to the ribs; reverse the order to return.'],
    ['stair-climb', 'Stair Climb', 2, 'none', ['cardio', 'legs', 'glutes'], ['knee'], 'Climb stairs at a steady pace using the whole foot; walk down carefully to recover.'],
    ['step-jacks', 'Low-Impact Step Jacks', 1, 'none', ['cardio', 'full_body'], [], 'Step one foot out to the side while raising the arms, bring it back and alternate at a brisk rhythm.'],
    ['shadow-boxing', 'Shadow Boxing', 1, 'none', ['cardio', 'shoulders', 'core'], [], 'Light on your feet, throw jabs, crosses and hooks in combinations, rotating from the hips; guard up.'],
  ]),
  ...entries('main', CONDITIONING, true, [
    ['jump-rope', 'Jump Rope', 2, 'jump_rope', ['cardio', 'legs'], ['ankle'], 'Turn the rope with the wrists and jump just high enough to clear it, landing softly on the balls of the feet.'],
    ['skater-hops', 'Skater Hops', 2, 'none', ['cardio', 'legs', 'glutes'], ['knee', 'ankle'], 'Leap sideways onto one foot, swinging the other behind, then leap back; land softly with a bent knee.'],
    ['burpee', 'Burpee', 3, 'none', ['full_body', 'cardio'], ['wrist', 'knee'], 'Squat, hands down, jump the feet back to a plank, jump them in and leap up with the arms overhead.'],
    ['mountain-climber', 'Mountain Climber', 2, 'none', ['core', 'cardio'], ['wrist'], 'From a high plank, drive the knees to the chest one after the other at speed, hips low.'],
    ['squat-jump', 'Squat Jump', 2, 'none', ['legs', 'glutes', 'cardio'], ['knee', 'ankle'], 'Squat to parallel, jump explosively, land softly and sink straight into the next squat.'],
    ['high-knees', 'High Knees', 2, 'none', ['cardio', 'legs'], ['knee', 'ankle'], 'Sprint in place driving the knees to hip height and pumping the arms; stay on the balls of the feet.'],
    ['plank-jacks', 'Plank Jacks', 2, 'none', ['core', 'cardio', 'shoulders'], ['wrist'], 'In a high plank, jump the feet wide and back together while the hips stay level.'],
    ['tuck-jump', 'Tuck Jump', 3, 'none', ['legs', 'cardio'], ['knee', 'ankle'], 'Jump straight up pulling the knees to the chest, land softly and go again with little ground time.'],
    ['dumbbell-thruster', 'Dumbbell Thruster', 3, 'dumbbells', ['full_body', 'legs', 'shoulders'], ['knee', 'shoulder'], 'Dumbbells at the shoulders, squat, then drive up and press overhead in one movement.'],
    ['bear-crawl', 'Bear Crawl', 2, 'none', ['full_body', 'core', 'shoulders'], ['wrist'], 'On hands and toes with the knees hovering, crawl forward and back moving opposite hand and foot together.'],
    ['fast-feet', 'Fast Feet Shuffle', 1, 'none', ['cardio', 'legs'], [], 'In a half squat, run the feet in place as fast as you can, staying low and light.'],
    ['butt-kicks', 'Butt Kicks', 1, 'none', ['cardio', 'legs'], ['knee'], 'Jog in place kicking the heels up toward the glutes with quick, light steps.'],
    ['lateral-shuffle', 'Lateral Shuffle', 1, 'none', ['cardio', 'legs'], ['ankle'], 'In an athletic stance, shuffle three steps sideways and back without crossing the feet.'],
    ['standing-cross-crunch', 'Standing Cross Crunch', 1, 'none', ['core', 'cardio'], [], 'Hands by the temples, lift one knee across the body to meet the opposite elbow; alternate briskly.'],
  ]),
  ...entries('main', ['yoga'], true, [
    ['downward-dog', 'Downward-Facing Dog', 1, 'mat', ['full_body', 'shoulders', 'mobility'], ['wrist'], 'From hands and knees, lift the hips up and back into an inverted V and let the heels sink toward the floor.'],
    ['warrior-two', 'Warrior II', 1, 'mat', ['legs', 'shoulders'], ['knee'], 'Wide stance, front knee bent over the ankle, arms long to the front and back; gaze over the front hand.'],
    ['tree-pose', 'Tree Pose', 1, 'mat', ['legs', 'core'], ['ankle'], 'Stand on one leg with the other foot on the inner calf or thigh (never the knee), hands at the chest.'],
    ['triangle-pose', 'Triangle Pose', 1, 'mat', ['legs', 'core', 'mobility'], [], 'Wide stance, reach forward over the front leg, tip the hand to the shin and the other arm to the ceiling.'],
    ['low-lunge', 'Low Lunge', 1, 'mat', ['legs', 'mobility'], ['knee'], 'Step into a lunge with the back knee on the mat, sink the hips forward and reach the arms up.'],
    ['bridge-pose', 'Bridge Pose', 1, 'mat', ['glutes', 'back'], [], 'On your back with feet hip-width, lift the hips and roll the shoulders under; hold with steady breathing.'],
    ['chair-pose', 'Chair Pose', 2, 'mat', ['legs', 'glutes'], ['knee'], 'Feet together, sit back as if into a chair with the arms reaching up and the weight in the heels.'],
    ['boat-pose', 'Boat Pose', 2, 'mat', ['core'], ['lower_back'], 'Sit, lean back with a long spine and lift the shins parallel to the floor, arms reaching forward.'],
    ['pigeon-pose', 'Pigeon Pose', 2, 'mat', ['glutes', 'mobility'], ['knee'], 'From a plank, bring one knee behind the same wrist with the shin angled and the back leg long; fold forward gently.'],
    ['warrior-three', 'Warrior III', 3, 'mat', ['legs', 'core', 'glutes'], ['ankle'], 'Balance on one leg and hinge forward until the body and the lifted leg form a T, hips square to the floor.'],
    ['crow-pose', 'Crow Pose', 3, 'mat', ['arms', 'core'], ['wrist'], 'Squat with the hands planted and the knees on the backs of the upper arms; lean forward until the feet lift.'],
  ]),
];
