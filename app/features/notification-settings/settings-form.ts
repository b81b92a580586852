// The names of the notification settings form on /profile/edit, shared by the form and the page's action.

export const notificationSettingsId = 'notifications'

/** The `intent` of this form: the page's action hands such a post to submitNotificationSettings. */
export const notificationSettingsIntent = 'notification-settings'
