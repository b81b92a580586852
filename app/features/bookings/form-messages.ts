// What the booking screens say is missing, in the user's words (spec section 5, 'Booking'). Plain
// strings without zod: the wizard's steps read them in the browser too.

export const bookingFormMessages = {
  missingInformation: 'Missing information: Please fill in all required fields',
  missingDateAndTime: 'Missing information: Please select both a date and time for your booking',
  missingDateAndDog: 'Missing information: Please select a date and your dog',
  chooseDate: 'Please choose a date',
  chooseTime: 'Please choose a time',
  chooseStartTime: 'Please choose a start time',
  chooseDuration: 'Please choose how long the walk is',
  choosePeriod: 'Please choose a time period',
  choosePeriods: 'Please choose at least one period',
  chooseDog: 'Please choose a dog',
  chooseStartAndEnd: 'Please choose a start and an end time',
  endBeforeStart: 'End time must be after start time',
} as const
