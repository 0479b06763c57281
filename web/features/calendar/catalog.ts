import { addCatalog } from '../../i18n/index';
import calendar from '../../locales/en/calendar.json';

/** The calendar feature's strings; every module of the feature imports this first. */
addCatalog('calendar', calendar);

export const CALENDAR_NS = 'calendar';
