// The director's console (console.html): a laptop page that runs a club evening with nothing
// but the browser. Modules under js/console/: core (state, helpers), event, players, boards,
// session, sizes, cards, progress, seats, results, scores, csv. Every call goes through api.js; the
// director token is read from #event=events/E&token=T (then removed from the address bar) or
// typed in, kept in sessionStorage and sent only in the Authorization header.
//
// Every text a person reads comes from the catalogue (i18n.js, docs/i18n.md); names of players,
// clubs, events and board sets carry translate="no"; the server's refusals show as the text of
// their reason code (core.js refusalNodes).
//
// Stable element ids for browser tests (#a-{b,c} stands for #a-b and #a-c). <body data-ready>
// is set once the page has read its fragment and opened the stored event.
//   header     #event-banner #status #tabs, tab buttons #tab-{event,players,boards,session,
//              cards,progress,results,adjust,standings} showing panels #panel-{same names}
//   event      #event-{name,profile,board-score,comparison} #tie-break-{1,2,3} #create-event
//              #create-event-error #director-token-box #director-{token,url,qr} #copy-token
//              #copy-token-status #token-noted
//              #open-event-name #open-token #open-event #open-event-error #event-current
//              #event-summary #live-link #report-link #forget-event
//   players    #players-csv #import-players #import-players-{status,errors} #player-count
//              #player-list
//   boards     #board-{count,table-size,label,beacon-source} #create-board-set
//              #board-set-{error,select,info} #beacon-value #enter-beacon #beacon-error
//              #show-boards #print-boards #print-boards-error #board-print (#board-{n} each)
//              #reveal-{confirm,force,reason} #reveal-board-set #reveal-{error,status}
//   session    #session-select #session-info #session-seating #session-board-set #movement
//              #table-mode #session-tables #boards-per-round #session-rounds
//              #neutral-third-chair #comparative #draw-seed #session-players #seating-csv
//              #validate-session #session-check #session-warnings #accept-warnings
//              #session-validation #session-preview #start-session #start-session-error
//   cards      #cards-session-info #seat-token-status #card-origin #card-origin-warning
//              #cards-per-page #build-cards #print-cards #cards-error #issue-confirm
//              #issue-seat-tokens #issue-error #table-cards: a card #card-r{round}-t{table}
//              (data-table: its resource name); real cards: its QR image #qr-r{round}-t{table}
//              (table.html, every chair's token); online: one slip per chair
//              #slip-r{round}-t{table}-c{chair} (data-table, data-chair) with its QR image
//              #qr-r{round}-t{table}-c{chair} (play.html, that chair's token only)
//   progress   #progress-{session,auto,refresh,updated,summary,error} #progress-grid: one
//              <td id="cell-r{round}-t{table}"> per table and round, holding a button;
//              #attention-list (refused reports of boards not yet counted, each with a button)
//   seats      #seats (a region of the progress panel) #seats-table #seats-load #seats-error
//              #seats-progress #seats-clock #seats-list: per chair a line with the toggle
//              #seat-bot-c{chair} (data-bot="true|false": whether a bot plays it now; online
//              tables not yet finished only)
//   results    #results-{table,history,refresh,title,error} #results-list (buttons
//              #confirm-b{n} #correct-b{n} #enter-b{n}) #refused-list #report-form
//              #report-{title,board} #report-fields: the result form (js/result-form.js), its
//              ids the table page's with "report-" before them (#report-kind-game,
//              #report-declarer-forehand, #report-handling, #report-game-clubs, #report-points,
//              #report-tricks, #report-contra-by, #report-ramsch-points-forehand, ...)
//              #correct-reason
//              #check-report #submit-report #cancel-report #report-{preview,error}
//   adjust     #adjust-{kind,table,board,direction,score,percent,version,player,penalty,
//              reason,error,status} #add-adjustment #adjustment-list
//   standings  #standings-{scope,live-link,report-link,summary,error,notes,table}
//              #load-standings
'use strict';
import {ready, translatePage} from './i18n.js';
import {showTab} from './console/core.js';
import {initEvent, readProfiles, takeFragment} from './console/event.js';
import {placeDeckSwitches} from './deck.js';

// The stored event's reads and the profiles' start first, beside the catalogue's; then the
// panels' modules are asked for (dynamic imports: mapped to their versioned addresses but not
// preloaded, so the reads go out before them; docs/web.md "Loading"). The event is drawn once
// the catalogue is in (docs/i18n.md: every text goes through the catalogue); the panels start
// when their modules are in and hear the changes emitted before (console/core.js `on`).
const stored = takeFragment();
const profiles = readProfiles();
profiles.catch(() => {});  // shown by initEvent
const panels = Promise.all([
  import('./console/players.js').then((m) => m.initPlayers),
  import('./console/boards.js').then((m) => m.initBoards),
  import('./console/session.js').then((m) => m.initSession),
  import('./console/cards.js').then((m) => m.initCards),
  import('./console/progress.js').then((m) => m.initProgress),
  import('./console/seats.js').then((m) => m.initSeats),
  import('./console/results.js').then((m) => m.initResults),
  import('./console/scores.js').then((m) => m.initScores)]);
// What the panels import that the page does not already: asked for now too, so that no import
// waits for the module naming it (result-form.js is the console's largest file).
const theirs = Promise.all([import('./result-form.js'), import('./console/csv.js'),
                            import('./console/sizes.js')]);
await ready;
translatePage();
placeDeckSwitches();
const opened = initEvent(stored, profiles);
const [inits] = await Promise.all([panels, theirs]);
for (const tab of document.querySelectorAll('#tabs .tab')) {
  tab.addEventListener('click', () => showTab(tab.id.slice(4)));
}
for (const init of inits) init();
opened.then(() => document.body.setAttribute('data-ready', 'true'));
