/**
 * Secrecy and consent bypass in the languages attacks are written in to slip past English-only
 * keyword lists (MCPTox and the multilingual poisoning write-ups): French, Spanish, Portuguese,
 * Italian, German, Chinese and Japanese. Each pattern needs the user (or an object pronoun that
 * stands for the step) next to the verb of telling, so ordinary documentation ("no es necesario
 * indicar la zona horaria") does not match. Patterns run on the match form: lower case, accents
 * stripped.
 */

/** "Do not tell the user", "no need to mention it", in other languages. Critical on their own. */
export const SECRECY_ELSEWHERE: readonly RegExp[] = [
  // French: ne le signale pas à l'utilisateur, ne dis rien à l'utilisateur, sans en informer l'utilisateur
  /\bne (?:le |la |les |l'|lui |leur |rien )?(?:signale|signalez|dis|dites|mentionne|mentionnez|indique|indiquez|revele|revelez|montre|montrez|informe|informez|previens|prevenez)\w* (?:pas|rien|jamais)\b[^.!?\n]{0,40}\b(?:a |aux? )?l?'?utilisat(?:eur|rice)s?\b/,
  /\bsans (?:en )?(?:informer|prevenir|avertir|le dire a|le signaler a|demander a) (?:l'|les? )?utilisat(?:eur|rice)s?\b/,
  // Spanish / Portuguese: no hace falta informar al usuario, no se lo digas al usuario, mencionarlo
  /\bno (?:hace falta|es necesario|debes|deberias|hay que|precisa|e necessario) (?:informar|avisar|decir|comunicar|mencionar|contar|notificar)(?:le|lo|la|les|los|las)? (?:(?:de |sobre )?(?:esto|isso|isto) )?(?:al?|ao|aos|a los) (?:usuario|utilizador)s?\b/,
  /\bno (?:hace falta|es necesario|debes|deberias|hay que) (?:mencionar|informar|decir|comunicar|avisar|contar)(?:lo|la|los|las|selo)\b/,
  /\bno (?:se lo |le )?(?:digas|menciones|informes|avises|cuentes|comuniques)\b[^.!?\n]{0,30}\b(?:al?|a los) usuarios?\b/,
  /\bnao (?:informe|diga|mencione|avise|conte)\b[^.!?\n]{0,30}\b(?:ao|aos|a) (?:usuario|utilizador)s?\b/,
  /\bsin (?:informar|avisar|decir(?:selo)?|notificar)(?: nada)? al? usuarios?\b|\bsem (?:informar|avisar|dizer) (?:o|ao) (?:usuario|utilizador)\b/,
  // Italian: non dirlo all'utente, senza informare l'utente
  /\bnon (?:dire|dirlo|dirglielo|informare|menzionare|menzionarlo|avvisare|segnalare|mostrare)\b[^.!?\n]{0,30}\b(?:all'|agli? |l')?utent[ei]\b/,
  /\bsenza (?:informare|avvisare|dirlo a) (?:l'|gli )?utent[ei]\b/,
  // German: teile dem Nutzer nichts mit, ohne den Benutzer zu informieren, nicht erwähnen
  /\b(?:sag|sage|sagen sie|teile|teilen sie|erwahne|erwahnen sie|informiere|informieren sie)\b[^.!?\n]{0,30}\b(?:dem |den )?(?:nutzer|benutzer|anwender)\w*\b[^.!?\n]{0,20}\b(?:nichts|nicht)\b/,
  /\bohne (?:den |die )?(?:nutzer|benutzer|anwender)\w* (?:zu )?(?:informieren|fragen|benachrichtigen)\b|\b(?:dem |der )?(?:nutzer|benutzer)\w* (?:nicht|nichts) (?:mitteilen|sagen|erwahnen|zeigen)\b/,
  // Chinese: 不要告诉用户, 无需通知用户, 不要向用户提及
  /(?:不要|不必|无需|无须|不需要|别|勿)(?:向|对|跟|让)?用户(?:透露|提及|说明|告知|知道)|(?:不要|不必|无需|无须|不需要|别|勿)(?:告诉|告知|通知|提醒|透露给|提及|说明)(?:给)?用户/,
  // Japanese: ユーザーに伝える必要はありません, ユーザーには言わないで
  /ユーザー(?:に|へ|には)(?:は)?(?:伝え|知らせ|言わ|言う|報告し|通知し|説明し|見せ)(?:る必要は(?:ありません|ない)|ないで|ないでください|てはいけません|ないこと)/,
];

/** Acting without asking, in other languages. High, like the English patterns. */
export const CONSENT_ELSEWHERE: readonly RegExp[] = [
  /\bnicht (?:nach)?fragen\b|\bohne (?:nach)?(?:zu )?fragen\b|\bohne (?:ruckfrage|bestatigung|zustimmung)\b/,
  /\bsans (?:demander|confirmation|autorisation|l'accord)\b|\bne (?:demande|demandez) pas\b/,
  /\bsin (?:preguntar|pedir (?:permiso|confirmacion)|confirmacion)\b|\bno (?:preguntes|pidas confirmacion)\b|\bsem (?:perguntar|pedir|confirmacao)\b/,
  /\bsenza (?:chiedere|conferma)\b/,
  /(?:无需|不必|不要|无须)(?:征求|询问|确认|请求)(?:用户)?/,
  /(?:確認|許可)(?:は|を取る必要は|を求める必要は)?(?:不要|必要ありません)/,
];

/** Nouns for "the contents", "the full text" in other languages, for parameter descriptions. */
export const CONTENT_NOUN_ELSEWHERE =
  /\b(?:contenu|integral|inhalt|vollstandig|contenido|completo|conteudo|contenuto|intero)\b|内容|全文|中身/;
