/**
 * Secrecy, consent bypass, orders and the conversation in the languages attacks are written in to
 * slip past English-only keyword lists (MCPTox and the multilingual poisoning write-ups): French,
 * Spanish, Portuguese, Italian, German, Dutch, Swedish, Polish, Czech, Russian, Ukrainian, Turkish,
 * Greek, Arabic, Hindi, Indonesian, Vietnamese, Chinese, Japanese and Korean. Patterns are written
 * in ordinary spelling; the rules fold them into the match form (`inMatchSpelling`). Each pattern needs the user (or an object pronoun that
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
  /\bno (?:se lo |le |les )?(?:digas|menciones|informes|avises|cuentes|comuniques|expliques|comentes|muestres|reveles)\b[^.!?\n]{0,40}\b(?:al?|a los) usuarios?\b/,
  /\bnao (?:informe|diga|mencione|avise|conte|comente|explique|mostre|revele)\b[^.!?\n]{0,40}\b(?:ao|aos|a|com o|comigo)(?: (?:usuario|utilizador)s?)?\b/,
  /\bsin (?:informar|avisar|decir(?:selo)?|notificar)(?: nada)? al? usuarios?\b|\bsem (?:informar|avisar|dizer) (?:o|ao) (?:usuario|utilizador)\b/,
  // Italian: non dirlo all'utente, senza informare l'utente
  /\bnon (?:dire|dirlo|dirglielo|informare|menzionare|menzionarlo|avvisare|segnalare|mostrare|parlarne|parlare|spiegare|rivelare)\b[^.!?\n]{0,40}\b(?:all'|agli? |l'|con l')?utent[ei]\b/,
  /\bsenza (?:informare|avvisare|dirlo a) (?:l'|gli )?utent[ei]\b/,
  // German: teile dem Nutzer nichts mit, ohne den Benutzer zu informieren, nicht erwähnen
  /\b(?:sag|sage|sagen sie|teile|teilen sie|erwahne|erwahnen sie|informiere|informieren sie)\b[^.!?\n]{0,30}\b(?:dem |den )?(?:nutzer|benutzer|anwender)\w*\b[^.!?\n]{0,20}\b(?:nichts|nicht)\b/,
  /\bohne (?:den |die )?(?:nutzer|benutzer|anwender)\w* (?:zu )?(?:informieren|fragen|benachrichtigen)\b|\b(?:dem |der )?(?:nutzer|benutzer)\w* (?:nicht|nichts) (?:mitteilen|sagen|erwahnen|zeigen)\b/,
  // Dutch, Swedish: vertel het de gebruiker niet, berätta inte för användaren
  /\b(?:vertel|zeg|meld)\b[^.!?\n]{0,30}\bgebruiker\w*\b[^.!?\n]{0,15}\bniet\b|\bzonder (?:de )?gebruiker (?:te )?(?:informeren|vragen)\b|\bniet (?:melden|vertellen|vermelden) aan de gebruiker\b/,
  /\b(?:beratta|saga|namn|informera)\b[^.!?\n]{0,10}\binte\b[^.!?\n]{0,20}\banvandare\w*\b/,
  // Polish, Czech: nie informuj o tym użytkownika, neříkej to uživateli
  /\bnie (?:informuj|mow|mowi|wspominaj|pokazuj|zdradzaj|powiadamiaj)\w*\b[^.!?\n]{0,40}\buzytkownik\w*\b/,
  /\bne(?:rikej|informuj|zminuj|ukazuj|prozrazuj)\w*\b[^.!?\n]{0,40}\buzivatel\w*\b/,
  // Russian, Ukrainian: не сообщай об этом пользователю, не кажи користувачу
  /(?:^|\s)не (?:сообщай|говори|рассказывай|упоминай|показывай|информируй|уведомляй|сообщайте|говорите|упоминайте)\S*[^.!?\n]{0,40}пользовател/,
  /(?:^|\s)не (?:повідомляй|кажи|розповідай|згадуй|показуй|інформуй)\S*[^.!?\n]{0,40}користувач/,
  // Turkish: kullanıcıya bahsetme, kullanıcıya söyleme
  /kullan[ıi]c[ıi](?:ya|lara)?\b[^.!?\n]{0,30}(?:bahsetme|soyleme|söyleme|bildirme|gosterme|göstermeyin|bahsetmeyin|soylemeyin|söylemeyin)/,
  // Greek: μην το πεις στον χρήστη
  /μην (?:\S{1,3} )?(?:πεις|αναφερεις|αναφέρεις|ενημερωσεις|ενημερώσεις|δειξεις|δείξεις)[^.!?\n]{0,30}χρηστ/,
  // Arabic: لا تذكر ذلك للمستخدم, لا تخبر المستخدم
  /لا (?:تذكر|تخبر|تُخبر|تعلم|تُعلم|تبلغ|تُبلغ|تظهر|تُظهر)[^.!?\n]{0,40}(?:المستخدم|للمستخدم)/,
  // Hindi: उपयोगकर्ता को इसके बारे में न बताएं
  /(?:उपयोगकर्ता|यूज़र|यूजर)[^.!?\n।]{0,40}(?:न|मत) (?:बताएं|बताएँ|बताना|बताओ|कहें|दिखाएं)/,
  // Indonesian, Vietnamese: jangan beri tahu pengguna, không cho người dùng biết
  /\bjangan (?:beri ?tahu|memberi ?tahu|sebutkan|menyebutkan|tunjukkan|kabari|laporkan)\b[^.!?\n]{0,30}\bpengguna\b/,
  /\bkhong (?:noi|bao|cho|de cap|thong bao)\b[^.!?\n]{0,30}\bnguoi dung\b/,
  // Korean: 사용자에게 알리지 마세요, 사용자에게 말하지 마
  /사용자(?:에게|한테)?[^.!?\n]{0,20}(?:알리지|말하지|언급하지|보여주지|공개하지) ?마/,
  // Chinese: 不要告诉用户, 无需通知用户, 不要向用户提及
  /(?:不要|不必|无需|无须|不需要|别|勿)(?:向|对|跟|让)?用户(?:透露|提及|说明|告知|知道)|(?:不要|不必|无需|无须|不需要|别|勿)(?:告诉|告知|通知|提醒|透露给|提及|说明)(?:给)?用户/,
  // Japanese: ユーザーに伝える必要はありません, ユーザーには言わないで
  /ユーザー(?:に|へ|には)(?:は)?(?:伝え|知らせ|言わ|言う|報告し|通知し|説明し|見せ)(?:る必要は(?:ありません|ない)|ないで|ないでください|てはいけません|ないこと)/,
];

/** "I will not bring this up again" in a forged assistant turn, and "keep these steps to yourself". */
export const SECRECY_PROMISES: readonly RegExp[] = [
  /\b(?:i|we) (?:will not|won'?t|shall not) (?:bring (?:this|it|that) up|mention (?:this|it|that)|tell (?:you|the user) about (?:this|it))\b/,
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

/**
 * Orders to read, copy, send or include, in other languages: with a secret named in the same
 * sentence they make the same request as "read ~/.ssh/id_rsa and pass it". Imperative forms.
 */
export const DIRECTIVE_ELSEWHERE =
  /\b(?:lis|lisez|copie|copiez|recopie|recopiez|envoie|envoyez|inclus|incluez|joins|joignez|colle|collez|mets|mettez|transmets|transmettez|ajoute|ajoutez|lee|lea|copia|copie|envia|envie|incluye|inclua|adjunta|anexe|pega|pegue|pasa|passe|agrega|adicione|leia|manda|mande|leggi|invia|includi|allega|incolla|metti|aggiungi|inserisci|lies|lese|kopiere|sende|schicke|fuge|hange|ubergib|trage|lees|kopieer|stuur|voeg|plak|kopiera|skicka|lagg|bifoga|przeczytaj|skopiuj|wyslij|dodaj|wklej|przekaz|dolacz|precti|zkopiruj|posli|pridej|vloz|oku|kopyala|gonder|ekle|yapistir|ilet|baca|salin|kirim|tambahkan|lampirkan)\b|(?:прочитай|прочтите|скопируй|скопируйте|отправь|отправьте|добавь|добавьте|вставь|вставьте|передай|передайте|перешли|приложи|прочитай|скопіюй|надішли|додай|встав|передай|διάβασε|αντέγραψε|στείλε|πρόσθεσε|اقرأ|انسخ|أرسل|ارسل|أضف|اضف|ألصق|أرفق|पढ़ें|पढ़ो|कॉपी|भेजें|भेजो|जोड़ें|खोजें|读取|复制|发送|附加|粘贴|传入|填入|放入|抄送|密送|読み取|読んで|コピー|送信|添付|貼り付け|入れて|渡して|읽어|복사|전송|보내|첨부|붙여|넣어|저장하)/;

/** Negations that turn a following order into a rule ("ne copiez jamais", "nicht senden", "不要发送"). */
export const NEGATION_ELSEWHERE =
  /(?:^|[\s'’(])(?:ne|n'|no|nao|non|nicht|niet|inte|nie|nikdy|jamais|nunca|mai|niemals|nooit|aldrig|не|ні|никогда|μην|δεν|لا|मत|न|jangan|khong|asla)(?:\s+\S+)?\s*$|(?:不要|不得|禁止|勿|别|しないで|禁止|하지 ?마)\s*$/;

/** The conversation in other languages: a request for it is a request for the whole exchange. */
export const CONVERSATION_ELSEWHERE =
  /\b(?:historique de (?:la )?conversation|toute la conversation|historial de (?:la )?conversacion|toda la conversacion|historico da conversa|toda a conversa|cronologia della conversazione|tutta la conversazione|gesprachsverlauf|chatverlauf|gesamte (?:gesprach|unterhaltung)|hele gesprek|gespreksgeschiedenis|hela konversationen|cala (?:dotychczasowa )?rozmowe|cala rozmowa|historie konverzace|tum konusma|konusma gecmisi|seluruh percakapan|toan bo cuoc tro chuyen)\b|(?:вся переписка|всю переписку|весь разговор|историю (?:диалога|переписки|чата)|всю розмову|історію (?:чату|розмови)|ολόκληρη τη συνομιλία|المحادثة كاملة|كامل المحادثة|سجل المحادثة|पूरी बातचीत|बातचीत का इतिहास|完整对话|全部对话|对话记录|聊天记录|会话记录|会話の全文|会話履歴|これまでの会話|대화 전체|전체 대화|대화 내용|대화 기록)/;

/** Nouns for "the contents", "the full text" in other languages, for parameter descriptions. */
export const CONTENT_NOUN_ELSEWHERE =
  /\b(?:contenu|integral|inhalt|vollstandig|contenido|completo|conteudo|contenuto|intero)\b|内容|全文|中身/;
