/** Single sign-on settings of a brand (issue 26, decision 42): the Settings tab. */
export { SsoSettingsTab } from './components/sso-settings-tab';
