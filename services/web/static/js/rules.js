// The rules a page needs, as the server states them (docs/web.md "The pages' data"). A profile
// added on the server works on every page without a change here.
'use strict';

import {call} from './api.js';

// The RuleProfile of an event's profile id (a base profile's, then "+option" for each option
// set); ListRuleProfiles lists all.
export function ruleProfile(id) {
  return call('skat.v1.EventService/GetRuleProfile', {name: 'profiles/' + id});
}
