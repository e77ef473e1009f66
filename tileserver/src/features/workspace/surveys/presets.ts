// GET /sources/presets.json: ready-made surveys an organiser starts from (spec 2, presets). Values are
// the numbers style rules compare; the first answer of each choice question is the common case.
import type { SurveyPreset } from '@parcel-map/contracts/workspace/surveys';

export const surveyPresets: SurveyPreset[] = [
  {
    id: 'property-condition',
    name: 'Property condition',
    photo_required: true,
    questions: [
      {
        id: 'condition',
        question: 'What condition is the building in?',
        column: 'condition',
        answers: [
          { label: 'Good', value: 1 },
          { label: 'Fair', value: 2 },
          { label: 'Poor', value: 3 },
          { label: 'No building', value: 4, next: 'notes' },
        ],
      },
      {
        id: 'roof',
        question: 'Does the roof need repair?',
        column: 'roof_repair',
        answers: [
          { label: 'No', value: 1 },
          { label: 'Yes', value: 2 },
        ],
      },
      { id: 'notes', question: 'Notes', column: 'notes', answers: 'textarea' },
    ],
  },
  {
    id: 'vacancy-check',
    name: 'Vacancy check',
    photo_required: true,
    questions: [
      {
        id: 'occupied',
        question: 'Is the property occupied?',
        column: 'occupied',
        answers: [
          { label: 'Occupied', value: 1, next: 'end' },
          { label: 'Vacant', value: 2 },
          { label: 'Cannot tell', value: 3 },
        ],
      },
      {
        id: 'signs',
        question: 'Which signs of vacancy do you see?',
        column: 'vacancy_signs',
        answers: [
          { label: 'Boarded windows or doors', value: 1 },
          { label: 'Overgrown yard', value: 2 },
          { label: 'Mail piling up', value: 3 },
          { label: 'None of these', value: 4 },
        ],
      },
      { id: 'details', question: 'Describe what you saw', column: 'details', answers: 'textarea', required: true },
    ],
  },
  {
    id: 'land-use',
    name: 'Land use check',
    photo_required: false,
    questions: [
      {
        id: 'use',
        question: 'What is the parcel used for?',
        column: 'observed_use',
        answers: [
          { label: 'Residential', value: 1 },
          { label: 'Commercial', value: 2 },
          { label: 'Industrial', value: 3 },
          { label: 'Vacant land', value: 4 },
          { label: 'Other', value: 5 },
        ],
      },
      {
        id: 'matches',
        question: 'Does it match the recorded use?',
        column: 'matches_record',
        answers: [
          { label: 'Yes', value: 1 },
          { label: 'No', value: 2 },
        ],
      },
    ],
  },
];
