// ISS game records for the tests (docs/iss-game-records.md).
//
// kJskat*: the example records of jskat's ISS parser tests, as data, from
// b0n541/jskat jskat-base/src/test/java/org/jskat/control/iss/MessageParserTest.java (the test
// named in each comment). The others were written for these tests in the ISS form (series 9001),
// one per kind of game; the comment gives the ISkO arithmetic of the record's v: field.
#ifndef SKAT_TESTS_ENGINE_ISS_EXAMPLES_H_
#define SKAT_TESTS_ENGINE_ISS_EXAMPLES_H_

#include <string_view>

namespace skat::iss_examples {

// MessageParserTest.testParseGameSummary: diamonds, skat taken, without 2, 59 points: (2 + 1) x 9 x
// 2 = -54
inline constexpr std::string_view kJskatDiamondsLost =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[24072]ID[541932]DT[2010-12-06/18:59:24/"
    "UTC]P0[zoot]P1[kermit]P2[foo]R0[]R1[]R2[0.0]MV[w"
    " HA.SK.SJ.SA.CQ.S8.C9.H7.H9.DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8."
    "CK"
    " 1 p 2 18 0 p 2 s w H8.CK 2 D.ST.H8 0 SA 1 S7 2 DA 2 HJ 0 SJ 1 D9 0 DQ 1 DJ 2 D7 1 CJ 2"
    " D8 0 CQ 1 CA 2 C7 0 C9 1 S9 2 DT 0 S8 2 CT 0 H7 1 C8 2 CK 0 H9 1 HQ 2 HK 0 HA 1 SQ 0 SK"
    " 1 DK 2 HT ]R[d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0]"
    " ;)";

// MessageParserTest.testParseGameSummary002: grand, skat taken, with 3: (3 + 1) x 24 = 96
inline constexpr std::string_view kJskatGrandWon =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[29859]ID[684159]DT[2011-04-05/20:35:55/"
    "UTC]P0[foo]P1[xskat:2]P2[xskat]R0[0.0]R1[]R2[]MV[w"
    " SQ.DK.ST.S7.CT.HK.S9.SK.H7.C7.DT.CA.CQ.CK.DJ.DA.H8.SA.D7.C8.SJ.HA.CJ.S8.C9.DQ.HJ.HQ.D9.D8.HT."
    "H9"
    " 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 p 2 27 0 p 2 s w HT.H9 2 G.S8.C9 0 DK 1"
    " DA 2 D8 1 DT 2 D9 0 ST 1 SA 2 CJ 0 S7 2 HJ 0 CT 1 DJ 2 DQ 0 C7 1 D7 2 HA 0 H7 1 H8 2 HT"
    " 0 HK 1 C8 2 HQ 0 S9 1 CQ 2 H9 0 SQ 1 CK 2 SJ 0 SK 1 CA ]R[d:2 win v:96 m:3 bidok p:85"
    " t:8 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// MessageParserTest.testParseGameSummary_IncompleteGrandOuvertAnnouncement (disabled in jskat):
// 'GO', SC, 1 RE 1 H9 2 RE; with 1: (1 + 7) x 24 = 192, p:120 t:10; no r: field
inline constexpr std::string_view kJskatGrandOuvertResigned =
    "(;GM[Skat]PC[Internet Skat"
    " Server]SE[1265]ID[727]DT[2007-11-19/23:42:26/"
    "UTC]P0[bonsai]P1[mic]P2[Legolaus]R0[0.0]R1[0.0]R2[0.0]MV[w"
    " HJ.HA.DJ.HQ.SA.H7.CA.CJ.HT.H8.H9.D7.DT.C7.ST.CK.C9.SK.S9.CT.C8.SQ.HK.S8.D9.DK.SJ.D8.CQ.DA.DQ."
    "S7"
    " 1 p 2 p 0 18 0 GO 0 CJ 0 SC 1 RE 1 H9 2 RE ]R[d:0 win v:192 m:1 bidok p:120 t:10 s:1"
    " z:1 p0:0 p1:0 p2:0 l:-1 to:-1] ;)";

// MessageParserTest.testParseGameSummary_IncompleteHandSchneiderSchwarzAnnouncement: 'CHZ', with 3:
// (3 + 6) x 12 = 108; no CO, no r:
inline constexpr std::string_view kJskatClubsHandSchwarz =
    "(;GM[Skat]PC[Internet Skat"
    " Server]CO[]SE[2511]ID[26496]DT[2008-06-22/11:14:12/"
    "UTC]P0[Madmax]P1[kermit1]P2[kermit2]R0[0.0]R1[0.0]R2[0.0]MV[w"
    " C7.SA.SJ.CJ.CK.HJ.S7.SK.C9.ST.DQ.C8.DA.SQ.D7.S8.DT.H7.DK.DJ.S9.HA.HT.D9.HK.CT.CA.H8.HQ.H9.CQ."
    "D8"
    " 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 p 2 24 0 y 2 27 0 y 2 30 0 y 2 33 0 y 2 35 0 y 2"
    " 36 0 y 2 40 0 y 2 p 0 CHZ 0 CJ 1 C8 2 CT 0 SJ 1 DJ 2 CA 0 HJ 1 H7 2 H8 0 CK 1 S8 2 D9 0"
    " C9 1 DQ 2 H9 0 C7 1 SQ 2 S9 0 SA 1 D7 2 HQ 0 ST 1 DK 2 HA 0 SK 1 DA 2 HT 0 S7 1 DT 2 HK"
    " ]R[d:0 win v:108 m:3 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1] ;)";

// MessageParserTest.testParseGameSummary_PickUpSkatNoDiscard: '2 D 2 D9.DQ', with 1, bid 36: 18 <
// 36, charged 36, doubled: -72
inline constexpr std::string_view kJskatSplitDiscardOverbid =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[26702]ID[596891]DT[2011-02-02/18:10:12/"
    "UTC]P0[xskat]P1[Knesebec]P2[bernie]R0[]R1[0.0]R2[]MV[w"
    " SJ.D8.D7.DA.HT.CT.DT.CK.DJ.S8.H9.HA.HQ.SK.C8.C7.H8.S7.S9.C9.D9.DQ.CQ.HJ.SQ.SA.CJ.H7.CA.ST.DK."
    "HK"
    " 1 18 0 y 1 20 0 p 2 22 1 y 2 23 1 y 2 24 1 y 2 27 1 y 2 30 1 y 2 33 1 y 2 35 1 y 2 36 1"
    " p 2 s w DK.HK 2 D 2 D9.DQ 0 S8 1 S9 2 SA 2 ST 0 DA 1 SK 0 CK 1 C7 2 CQ 0 D7 1 S7 2 DK 2"
    " CA 0 CT 1 C8 2 CJ 0 D8 1 C9 2 SQ 0 DT 1 HA 0 SJ 1 HQ 2 HJ 0 DJ 1 H9 2 HK 0 HT 1 H8 2 H7"
    " ]R[d:2 loss v:-72 m:1 overbid p:41 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// MessageParserTest.testParseGameSummary_PassedGame: R[passed]
inline constexpr std::string_view kJskatPassed =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[32407]ID[756788]DT[2011-05-28/08:46:19/"
    "UTC]P0[xskat]P1[bonsai]P2[bernie]R0[]R1[0.0]R2[]MV[w"
    " C8.DQ.DJ.HK.S9.SK.SQ.HQ.CK.D9.S8.DT.SJ.C9.CQ.SA.DK.HT.D7.H7.ST.HJ.C7.H8.S7.DA.CJ.CT.D8.H9.CA."
    "HA"
    " 1 p 2 p 0 p ]R[passed] ;)";

// MessageParserTest.testParseGameSummary_ShowingCards: 1 SC 1 HJ 2 RE 0 RE; with 1: (1 + 1) x 24 =
// 48, p:84 t:5
inline constexpr std::string_view kJskatShowCardsResigned =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[43795]ID[1039093]DT[2012-01-17/00:07:25/"
    "UTC]P0[SkatCLE]P1[SkatKCT]P2[xskat]R0[0.0]R1[0.0]R2[]MV[w"
    " DA.S7.DK.CA.D9.CQ.CK.H9.S8.C7.HJ.DT.HA.CT.S9.C9.ST.H8.D7.DJ.HQ.DQ.SK.HK.SQ.H7.C8.D8.SJ.HT.SA."
    "CJ"
    " 1 18 0 p 2 p 1 s w SA.CJ 1 G.CT.DT 0 CA 1 C9 2 C8 0 CK 1 D7 2 HT 0 CQ 1 DJ 2 SJ 2 H7 0"
    " H9 1 H8 0 S8 1 S9 2 SK 2 D8 0 DA 1 SC 1 HJ 2 RE 0 RE ]R[d:1 win v:48 m:1 bidok p:84 t:5"
    " s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1] ;)";

// MessageParserTest.testParseGameSummary_NullOuvertTwoResigns: 'NO.HA.HQ' (no shown cards), 2 RE 0
// RE: 46, p:14 (the discard)
inline constexpr std::string_view kJskatNullOuvertResigned =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[60842]ID[1390253]DT[2012-09-26/17:30:29/"
    "UTC]P0[kermit]P1[bonsai]P2[zoot]R0[]R1[0.0]R2[]MV[w"
    " HK.SK.HJ.CA.SA.C9.S8.H7.ST.HT.C7.HA.CJ.DK.HQ.D7.C8.DA.DT.D9.SQ.DQ.H8.S9.CK.S7.SJ.CT.H9.CQ.DJ."
    "D8"
    " 1 18 0 y 1 20 0 y 1 22 0 y 1 23 0 y 1 24 0 y 1 27 0 y 1 30 0 y 1 33 0 y 1 35 0 p 2 p 1"
    " s w DJ.D8 1 NO.HA.HQ 2 RE 0 RE ]R[d:1 win v:46 m:0 bidok p:14 t:0 s:0 z:0 p0:0 p1:0"
    " p2:0 l:-1 to:-1 r:1] ;)";

// MessageParserTest.testParseGameSummary_PlayerLeft: w LE.2, R[d:-1 penalty ...]
inline constexpr std::string_view kJskatPlayerLeft =
    "(;GM[Skat]PC[Internet Skat"
    " Server]SE[146]ID[30]DT[2007-11-04/15:39:49/"
    "UTC]P0[bonsai]P1[bar]P2[foo]R0[0.0]R1[0.0]R2[null]MV[w"
    " SJ.D9.CA.DJ.SA.CJ.C8.SQ.HT.H8.ST.S8.DA.D7.S9.D8.C7.H7.DT.S7.CT.HJ.C9.SK.H9.HA.HK.DQ.CK.HQ.DK."
    "CQ"
    " 1 18 0 p w LE.2 ]R[d:-1 penalty v:0 m:0 bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:1 l:2 to:-1]"
    " ;)";

// MessageParserTest.testParseGameSummary_OverbidSuitGame: diamonds without 1, bid 36, 75 points: 18
// < 36, charged 36, doubled: -72
inline constexpr std::string_view kJskatOverbidWithoutOne =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[403949]ID[8650652]DT[2023-10-18/18:44:11/"
    "UTC]P0[kermit]P1[bonsai]P2[kermit:2]R0[]R1[0.0]R2[]MV[w"
    " DQ.CK.HT.CT.SK.C9.DA.D9.DK.S8.H9.S7.SA.H8.C7.CA.H7.CJ.CQ.D7.SQ.S9.C8.DT.SJ.HA.ST.D8.DJ.HJ.HQ."
    "HK"
    " 1 18 0 p 2 20 1 y 2 22 1 y 2 23 1 y 2 24 1 y 2 27 1 y 2 30 1 y 2 33 1 y 2 35 1 y 2 36 1"
    " p 2 s w HQ.HK 2 D.C8.ST 0 HT 1 H9 2 HA 2 DJ 0 D9 1 D7 2 HJ 0 DQ 1 CJ 1 CA 2 DT 0 C9 2"
    " SJ 0 DK 1 H8 2 HK 0 S8 1 H7 2 HQ 0 SK 1 C7 2 SQ 0 CT 1 SA 1 S7 2 S9 0 CK 2 D8 0 DA 1 CQ"
    " ]R[d:2 loss v:-72 m:-1 overbid p:75 t:7 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// hearts, skat taken, with 2, schneider reached: (2 + game + schneider) x 10 = 40
inline constexpr std::string_view kHeartsPickupSchneider =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[3012]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.DT.DK.HT.HJ.HQ.S8.SQ.C8.CQ.D8.D9.H7.HK.HA.S7.C7.C9.CK.CA.DJ.DQ.H8.H9.S9.SJ.SK.SA.CT.CJ.ST."
    "DA"
    " 1 24 0 p 2 27 1 p 2 s w ST.DA 2 H.H9.ST 0 DK 1 D8 2 DQ 0 C8 1 CK 2 CT 2 SJ 0 HT 1 H7 2"
    " SA 0 S8 1 S7 2 DA 0 D7 1 D9 2 H8 0 HQ 1 HK 1 HA 2 CJ 0 HJ 2 DJ 0 SQ 1 C7 2 SK 0 CQ 1 CA"
    " 2 S9 0 DT 1 C9 ]R[d:2 win v:40 m:2 bidok p:106 t:8 s:1 z:0 p0:0 p1:0 p2:0 l:-1 to:-1"
    " r:0] ;)";

// grand hand with 1: (1 + game + hand) x 24 = 72
inline constexpr std::string_view kGrandHand =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[114]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " DA.HT.HK.S7.S8.SJ.SA.C7.CT.CA.D7.D8.DJ.DK.H7.H9.HQ.SQ.C9.CK.D9.DT.DQ.HJ.HA.S9.ST.SK.CJ.CQ.H8."
    "C8"
    " 1 24 0 p 2 27 1 p 2 GH 0 HK 1 H7 2 HA 2 CJ 0 SJ 1 DJ 2 D9 0 DA 1 DK 0 S7 1 SQ 2 ST 2 SK"
    " 0 SA 1 HQ 0 S8 1 D8 2 S9 2 DQ 0 CA 1 D7 2 DT 0 C7 1 CK 2 HJ 0 HT 1 H9 2 CQ 0 CT 1 C9"
    " ]R[d:2 win v:72 m:1 bidok p:74 t:7 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// null with the skat taken, won: 23
inline constexpr std::string_view kNullPickup =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[37903]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D8.D9.DT.DQ.HJ.HK.SJ.C7.C8.CA.DJ.DK.DA.H7.HQ.S7.S8.SQ.SA.CK.D7.H8.H9.HT.HA.S9.ST.C9.CT.CQ.CJ."
    "SK"
    " 1 20 0 p 2 22 1 p 2 s w CJ.SK 2 N.H8.CQ 0 SJ 1 S8 2 ST 0 C7 1 CK 2 CT 1 HQ 2 HT 0 HK 0"
    " D9 1 DJ 2 D7 1 DA 2 S9 0 D8 1 SA 2 SK 0 DQ 1 DK 2 C9 0 DT 1 SQ 2 CJ 0 CA 1 S7 2 HA 0 C8"
    " 1 H7 2 H9 0 HJ ]R[d:2 win v:23 m:0 bidok p:3 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0]"
    " ;)";

// null hand lost at the declarer's first trick: 35 x 2 = 70
inline constexpr std::string_view kNullHandLost =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[28]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.D8.DJ.DQ.HT.S9.SK.CT.CJ.CQ.D9.H7.H9.HQ.HK.ST.SQ.SA.C9.CA.DT.DA.H8.HJ.HA.S8.SJ.C7.C8.CK.S7."
    "DK"
    " 1 18 0 y 1 27 0 p 2 33 1 p 2 NH 0 SK 1 SQ 2 S8 0 CJ 1 CA 2 CK 1 C9 2 C8 0 CT 0 DJ 1 D9"
    " 2 DT 0 S9 1 ST 2 SJ ]R[d:2 loss v:-70 m:0 bidok p:16 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1"
    " to:-1 r:0] ;)";

// null ouvert with the skat taken, won: 46 (the shown cards after the discard)
inline constexpr std::string_view kNullOuvertPickup =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[21287]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.D9.DK.DA.HK.S7.ST.C7.C9.CT.H8.H9.HT.HJ.HA.S8.S9.SK.SA.CA.D8.DJ.DQ.HQ.SJ.SQ.C8.CJ.CQ.CK.DT."
    "H7"
    " 1 44 0 p 2 46 1 p 2 s w DT.H7 2 NO.HQ.SJ.D8.DT.DJ.DQ.H7.SQ.C8.CJ.CQ.CK 0 CT 1 CA 2 CJ 1"
    " SK 2 SQ 0 ST 1 HA 2 H7 0 HK 1 SA 2 D8 0 S7 1 HJ 2 C8 0 C7 1 H8 2 DT 0 C9 1 S9 2 CK 0 D7"
    " 1 S8 2 DQ 0 DK 1 HT 2 DJ 0 DA 1 H9 2 CQ 0 D9 ]R[d:2 win v:46 m:0 bidok p:5 t:0 s:0 z:0"
    " p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// null ouvert hand, won: 59
inline constexpr std::string_view kNullOuvertHand =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[105]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.DQ.DK.DA.H7.HQ.HA.S7.SQ.SA.D9.DT.DJ.H8.H9.S9.ST.SK.C9.CQ.D8.HT.HJ.S8.SJ.C7.C8.CJ.CK.CA.CT."
    "HK"
    " 1 24 0 p 2 30 1 y 2 40 1 p 2 NHO.D8.HT.HJ.S8.SJ.C7.C8.CJ.CK.CA 0 D7 1 D9 2 D8 1 H8 2 HJ"
    " 0 HQ 0 SQ 1 S9 2 SJ 0 S7 1 ST 2 S8 1 DJ 2 C7 0 DQ 0 HA 1 H9 2 HT 0 DK 1 DT 2 C8 0 SA 1"
    " SK 2 CA 0 H7 1 C9 2 CK 0 DA 1 CQ 2 CJ ]R[d:2 win v:59 m:0 bidok p:14 t:0 s:0 z:0 p0:0"
    " p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// hearts ouvert (hand, schneider and schwarz announced), with 2, all tricks: (2 + game + hand +
// schneider + announced + schwarz + announced + ouvert) x 10 = 90
inline constexpr std::string_view kHeartsOuvert =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[6476]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.D9.DT.DQ.H7.H9.HQ.S7.C7.CT.D8.DK.HT.HJ.S8.S9.SA.C8.CQ.CK.DJ.DA.HK.HA.SJ.SQ.SK.C9.CJ.CA.ST."
    "H8"
    " 1 36 0 p 2 44 1 y 2 46 1 p 2 HHOSZ.DJ.DA.HK.HA.SJ.SQ.SK.C9.CJ.CA 0 D9 1 D8 2 DA 2 CJ 0"
    " H9 1 HJ 2 SJ 0 HQ 1 HT 2 CA 0 CT 1 CQ 2 DJ 0 H7 1 SA 2 HA 0 C7 1 DK 2 SK 0 S7 1 S9 2 C9"
    " 0 DQ 1 C8 2 HK 0 DT 1 S8 2 SQ 0 D7 1 CK ]R[d:2 win v:90 m:2 bidok p:120 t:10 s:1 z:1"
    " p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// hearts hand, schneider announced and reached, with 1: (1 + 1 + 1 + 1 + 1) x 10 = 50
inline constexpr std::string_view kHeartsHandSchneiderAnnounced =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[201]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D9.DT.DA.H7.H8.H9.HJ.S7.SK.CT.DJ.DQ.HT.HK.HA.SA.C8.C9.CJ.CK.D7.D8.HQ.S8.S9.SJ.SQ.C7.CQ.CA.ST."
    "DK"
    " 1 44 0 p 2 p 1 HHS 0 HJ 1 CJ 2 SJ 1 DJ 2 HQ 0 H8 1 SA 2 S8 0 S7 1 HA 2 S9 0 H7 1 C8 2"
    " CQ 0 CT 0 D9 1 DQ 2 D8 1 CK 2 C7 0 DT 1 HT 2 D7 0 H9 1 C9 2 CA 0 SK 2 SQ 0 DA 1 HK"
    " ]R[d:1 win v:50 m:1 bidok p:92 t:8 s:1 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// hearts hand, schwarz announced and made, with 1: (1 + 6) x 10 = 70
inline constexpr std::string_view kHeartsHandSchwarzAnnounced =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[194097]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " DT.DK.DA.H9.S7.S9.ST.SJ.C7.CK.D7.D8.D9.DQ.S8.SQ.SK.SA.C9.CQ.DJ.H7.H8.HT.HJ.HQ.HK.HA.CJ.CA.C8."
    "CT"
    " 1 35 0 y 1 p 2 48 0 p 2 HHZ 0 C7 1 CQ 2 CA 2 CJ 0 SJ 1 S8 2 HT 0 H9 1 C9 2 HJ 0 S9 1 SA"
    " 2 HK 0 S7 1 SK 2 DJ 0 CK 1 D9 2 H7 0 DA 1 D8 2 H8 0 DT 1 D7 2 HA 0 ST 1 SQ 2 HQ 0 DK 1"
    " DQ ]R[d:2 win v:70 m:1 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// diamonds, skat taken, with 3, schwarz reached: (3 + game + schneider + schwarz) x 9 = 54
inline constexpr std::string_view kDiamondsPickupSchwarz =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[231486]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " DJ.H7.H8.H9.S7.SK.SA.C8.C9.CK.D8.D9.DT.DQ.HJ.HA.SJ.CT.CJ.CA.DK.HT.HQ.HK.S8.S9.ST.SQ.C7.CQ.D7."
    "DA"
    " 1 27 0 y 1 46 0 p 2 50 1 y 2 p 1 s w D7.DA 1 D.DT.DQ 0 C8 1 CT 2 CQ 1 CA 2 C7 0 CK 1 HA"
    " 2 HQ 0 H9 1 CJ 2 DK 0 DJ 1 HJ 2 ST 0 C9 1 D7 2 HT 0 SK 1 D8 2 SQ 0 S7 1 DA 2 S9 0 H7 1"
    " D9 2 S8 0 SA 1 SJ 2 HK 0 H8 ]R[d:1 win v:54 m:3 bidok p:120 t:10 s:1 z:1 p0:0 p1:0 p2:0"
    " l:-1 to:-1 r:0] ;)";

// grand, skat taken, with 1, schneider reached (95): (1 + 1 + 1) x 24 = 72
inline constexpr std::string_view kGrandPickupSchneider =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[10348]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D9.DT.DK.H8.HQ.S9.SK.C7.C9.CK.D7.DJ.H7.HK.HA.S7.SA.C8.CT.CQ.D8.DQ.DA.H9.HT.S8.ST.SJ.SQ.CA.HJ."
    "CJ"
    " 1 46 0 p 2 59 1 y 2 p 1 s w HJ.CJ 1 G.DJ.CJ 0 C7 1 C8 2 CA 2 S8 0 S9 1 S7 0 SK 1 SA 2"
    " ST 1 HJ 2 SJ 0 C9 2 D8 0 DT 1 D7 0 H8 1 HA 2 H9 1 CT 2 HT 0 CK 1 HK 2 DQ 0 HQ 1 CQ 2 SQ"
    " 0 D9 1 H7 2 DA 0 DK ]R[d:1 win v:72 m:1 bidok p:95 t:6 s:1 z:0 p0:0 p1:0 p2:0 l:-1"
    " to:-1 r:0] ;)";

// hearts, skat taken, with 1, bid 23: 20 < 23, charged 30, doubled: -60
inline constexpr std::string_view kHeartsOverbid =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[13]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.D9.DJ.H7.H8.HQ.S8.ST.SJ.SA.D8.DQ.DK.HA.S7.SQ.C8.C9.CT.CA.DT.H9.HT.HJ.HK.S9.SK.CJ.CQ.CK.C7."
    "DA"
    " 1 p 2 23 0 p 2 s w C7.DA 2 H.CJ.CK 0 D7 1 DQ 2 DT 2 HK 0 DJ 1 HA 0 ST 1 SQ 2 SK 0 D9 1"
    " D8 2 DA 2 H9 0 H7 1 CT 2 HJ 0 SJ 1 C9 0 S8 1 S7 2 S9 2 HT 0 HQ 1 CA 2 C7 0 SA 1 C8 1 DK"
    " 2 CQ 0 H8 ]R[d:2 loss v:-60 m:1 overbid p:64 t:5 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0]"
    " ;)";

// diamonds, skat taken, without 6, no trick: (6 + game + schneider + schwarz) x 9 x 2 = -162
inline constexpr std::string_view kDiamondsLostSchwarz =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[636]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " DT.H8.H9.HQ.HA.S8.ST.C9.CT.CK.D7.D8.DJ.DQ.DA.HJ.S9.SJ.SK.CJ.D9.DK.H7.HT.S7.SQ.SA.C7.C8.CA.CQ."
    "HK"
    " 1 24 0 p 2 46 1 p 2 s w CQ.HK 2 D.H7.S7 0 C9 1 HJ 2 C7 1 D7 2 DK 0 DT 0 CT 1 CJ 2 CA 1"
    " DQ 2 D9 0 S8 1 DJ 2 SA 0 H9 1 DA 2 HK 0 CK 1 D8 2 SQ 0 HQ 1 SJ 2 C8 0 HA 1 S9 2 HT 0 ST"
    " 0 H8 1 SK 2 CQ ]R[d:2 loss v:-162 m:-6 bidok p:0 t:0 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1"
    " r:0] ;)";

// spades hand, schwarz announced, with 1, ends at the first defenders' trick: (1 + 6) x 11 x 2 =
// -154
inline constexpr std::string_view kSpadesSchwarzAnnouncedLost =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[7]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.DQ.H9.HJ.HK.S8.ST.SJ.SQ.CA.DJ.DK.DA.HQ.S7.S9.C7.C9.CQ.CK.D8.D9.DT.H8.HT.HA.SA.C8.CT.CJ.H7."
    "SK"
    " 1 30 0 p 2 63 1 p 2 SHZ 0 ST 1 S9 2 CJ 2 HA 0 HK 1 HQ 2 HT 0 H9 1 C7 2 H8 0 DQ 1 DK 2"
    " CT 0 CA 1 CQ ]R[d:2 loss v:-154 m:1 bidok p:51 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1"
    " r:0] ;)";

// grand ouvert without 2, ends at the first defenders' trick: (2 + 7) x 24 x 2 = -432; the
// declarer schneidered (18) but an ouvert counts schneider and schwarz announced: s:0 z:0
inline constexpr std::string_view kGrandOuvertLost =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[2]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D9.DJ.H7.H8.HT.SJ.SA.C9.CJ.CA.D7.D8.H9.HJ.HQ.HA.S9.C7.CT.CK.DQ.DK.DA.HK.S7.S8.ST.SQ.C8.CQ.SK."
    "DT"
    " 1 18 0 p 2 p 1 GHOSZ.D7.D8.H9.HJ.HQ.HA.S9.C7.CT.CK 0 C9 1 CK 2 C8 1 H9 2 HK 0 H7 ]R[d:1"
    " loss v:-432 m:-2 bidok p:18 t:1 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// The structure of ISS game 13577 (2008; written anew here, not copied): clubs ouvert, lost at
// the first trick. Middlehand, with 1, holds one heart; forehand leads the ace and takes it: p:0
// t:0, but an ouvert counts schneider and schwarz announced, so the server writes s:0 z:0.
// (1 + game, hand, schneider, announced, schwarz, announced, ouvert 7) x 12 x 2 = -192
inline constexpr std::string_view kClubsOuvertLostFirstTrick =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[3013]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " HA.HT.HK.HQ.DA.DT.DK.SJ.S7.S8.CJ.HJ.CA.CT.CK.CQ.C9.C8.SA.H7.DJ.C7.ST.SK.SQ.S9.H9.H8.DQ.D9.D8."
    "D7"
    " 1 18 0 p 2 p 1 CO.CJ.HJ.CA.CT.CK.CQ.C9.C8.SA.H7 0 HA 1 H7 2 H8 ]R[d:1 loss v:-192 m:1"
    " bidok p:0 t:0 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0] ;)";

// all pass: R[passed]
inline constexpr std::string_view kPassedIn =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[1002]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " DA.H9.HT.HK.HA.S9.ST.C9.CJ.CA.D7.D8.DQ.H8.HJ.HQ.SJ.SA.CT.CQ.D9.DT.DJ.DK.H7.S7.S8.SK.C7.C8.SQ."
    "CK"
    " 1 p 2 p 0 p ]R[passed] ;)";

// spades, skat taken, with 1, bid 45, the declarer resigns with no trick: the rest to the
// defenders, schwarz: (1 + 1 + 1 + 1) x 11 = 44 < 45, charged 55, doubled: -110
inline constexpr std::string_view kDeclarerResigns =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[2]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D8.DT.DJ.DK.DA.H9.HT.HK.SK.CK.D7.D9.H8.HQ.HA.SQ.C8.C9.CJ.CA.DQ.H7.HJ.S7.S8.S9.SJ.C7.CT.CQ.ST."
    "SA"
    " 1 30 0 y 1 33 0 y 1 45 0 p 2 p 1 s w ST.SA 1 S.D9.SQ 0 HT 1 H8 2 H7 0 H9 1 HQ 2 SJ 2 C7"
    " 0 CK 1 RE ]R[d:1 loss v:-110 m:1 overbid p:3 t:0 s:1 z:1 p0:0 p1:0 p2:0 l:-1 to:-1 r:1]"
    " ;)";

// hearts hand, schneider announced, without 2; both defenders resign (play goes on between): the
// rest to the declarer, 112: (2 + 1 + 1 + 1 + 1) x 10 = 60
inline constexpr std::string_view kDefendersResign =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[2]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.DJ.DA.H7.HQ.HA.ST.SA.C8.CQ.D8.D9.DK.HT.S8.S9.C9.CT.CJ.CA.DT.DQ.H8.H9.HK.S7.SJ.SK.C7.CK.HJ."
    "SQ"
    " 1 p 2 22 0 y 2 p 0 HHS 0 SA 1 S9 2 SK 0 HA 1 HT 2 H8 0 DJ 1 RE 1 CJ 2 HK 2 RE ]R[d:0"
    " win v:60 m:-2 bidok p:112 t:9 s:1 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:1] ;)";

// clubs hand, schneider announced, without 2; the declarer times out with no trick: (2 + 1 + 1 + 1
// + 1 + schwarz 1) x 12 x 2 = -168; lost with schneider announced: s:0, schwarz not: z:1
inline constexpr std::string_view kDeclarerTimesOut =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[3]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " DA.H8.H9.HK.S9.ST.SA.C9.CT.CJ.D7.D8.DT.DQ.H7.HT.HA.S8.CK.CA.D9.DJ.DK.S7.SJ.SQ.SK.C7.C8.CQ.HJ."
    "HQ"
    " 1 18 0 y 1 35 0 p 2 40 1 y 2 p 1 CHS 0 C9 1 CK 2 DJ 2 C7 0 CJ 1 CA 0 H8 1 HA 2 CQ 2 D9"
    " 0 DA 1 DT 0 CT 1 H7 2 SJ 2 SK 0 SA w TI.1 ]R[d:1 loss v:-168 m:-2 bidok p:5 t:0 s:0 z:1"
    " p0:0 p1:0 p2:0 l:-1 to:1 r:0] ;)";

// hearts hand, schneider announced, without 2; a defender times out: the rest to the declarer (67),
// won at the announced level: (2 + 4) x 10 = 60
inline constexpr std::string_view kDefenderTimesOut =
    "(;GM[Skat]PC[International Skat"
    " Server]CO[]SE[9001]ID[1]DT[2026-11-23/17:00:00/UTC]P0[ann]P1[bob]P2[cyd]R0[]R1[]R2[]MV[w"
    " D7.DA.ST.SJ.SA.C8.C9.CJ.CQ.CA.DQ.H7.H8.H9.HQ.HK.S8.SK.C7.CT.D8.D9.DT.DJ.DK.HT.HA.S7.S9.SQ.HJ."
    "CK"
    " 1 18 0 p 2 45 1 y 2 p 1 HHS 0 CQ 1 C7 2 SQ 0 C9 1 CT 2 HT 2 D8 0 DA 1 DQ 0 C8 1 HQ 2 S9"
    " 1 H7 2 HA 0 SJ 0 D7 1 S8 w TI.2 ]R[d:1 win v:60 m:-2 bidok p:67 t:6 s:0 z:0 p0:0 p1:0"
    " p2:0 l:-1 to:2 r:0] ;)";

}  // namespace skat::iss_examples

#endif  // SKAT_TESTS_ENGINE_ISS_EXAMPLES_H_
