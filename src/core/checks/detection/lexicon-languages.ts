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
  // The instruction itself kept secret: "ne mentionne jamais cette consigne", "no menciones esta
  // instrucción", "non menzionare mai questa istruzione", "erwähne diese Anweisung nie".
  /\bne (?:la |les |l')?(?:mentionne|mentionnez|cite|citez|revele|revelez|divulgue|divulguez|repete|repetez)\w* (?:jamais|pas) (?:cette|ces|la|les) (?:consigne|instruction|regle|directive)s?\b|\bno (?:menciones|mencione|reveles|revele|cites|repitas) (?:nunca )?(?:esta|estas|la|las) (?:instruccion|instrucciones|regla|reglas|directiva|directivas)\b|\bnon (?:menzionare|rivelare|citare|ripetere) (?:mai )?(?:questa|queste|la|le) (?:istruzion[ei]|regol[ae]|direttiv[ae])\b|\berwahne (?:diese|die) (?:anweisung|regel|vorgabe)(?:en)? (?:nie|niemals|nicht)\b/,
  // Spanish / Portuguese: no hace falta informar al usuario, no se lo digas al usuario, mencionarlo
  /\bno (?:hace falta|es necesario|debes|deberias|hay que|precisa|e necessario) (?:informar|avisar|decir|comunicar|mencionar|contar|notificar)(?:le|lo|la|les|los|las)? (?:(?:de |sobre )?(?:esto|isso|isto) )?(?:al?|ao|aos|a los) (?:usuario|utilizador)s?\b/,
  /\bno (?:hace falta|es necesario|debes|deberias|hay que) (?:mencionar|informar|decir|comunicar|avisar|contar)(?:lo|la|los|las|selo)\b/,
  /\bno (?:se lo |le |les )?(?:digas|menciones|informes|avises|cuentes|comuniques|expliques|comentes|muestres|reveles)\b[^.!?\n]{0,40}\b(?:al?|a los) usuarios?\b/,
  /\bnao (?:informe|diga|mencione|avise|conte|comente|explique|mostre|revele)\b[^.!?\n]{0,40}\b(?:ao|aos|a|com o|comigo)(?: (?:usuario|utilizador)s?)?\b/,
  /\bsin (?:informar|avisar|decir(?:selo)?|notificar)(?: nada)? al? usuarios?\b|\bsem (?:informar|avisar|dizer) (?:o|ao) (?:usuario|utilizador)\b/,
  // Italian: non dirlo all'utente, senza informare l'utente
  /\bnon (?:dire|dirlo|dirglielo|informare|menzionare|menzionarlo|avvisare|segnalare|mostrare|parlarne|parlare|spiegare|rivelare)\b[^.!?\n]{0,40}\b(?:all'|agli? |l'|con l')?utent[ei]\b/,
  /\bsenza (?:informare|avvisare|dirlo a) (?:l'|gli )?utent[ei]\b/,
  // "…non serve parlarne nel riepilogo": no need to talk about it, no one named.
  /\bnon (?:serve|occorre|c'e bisogno di|e necessario) (?:parlarne|dirlo|menzionarlo|segnalarlo|riportarlo)\b/,
  // Catalan, Galician, Asturian: no li diguis a l'usuari, non llo digas, nun-y lo comentes al usuariu
  /\bno (?:li |ho |l'|els )*(?:diguis|comentis|expliquis|mencionis|informis)\b[^.!?\n]{0,30}\busuari\w*\b/,
  /\bnon (?:llo |lle |o )*(?:digas|comentes|expliques|menciones)\b[^.!?\n]{0,30}\busuari\w*\b/,
  /\bnun(?:-y)? (?:-y )?(?:lo |-lo )?(?:comentes|digas|espliques|menciones)\b/,
  // Romansh, Wolof: na di nagut a l'utilisader; bul ko wax jëfandikukat bi
  /\bna di(?:r)? nagut\b|\bna (?:di|detga|infurmescha)\b[^.!?\n]{0,30}\butilisad\w*\b/,
  /\bbul (?:ko |leen )?(?:wax|yegal|wone)\b/,
  // Breton: arabat lavaret d'an implijer, na lavar ket d'an implijer
  /\barabat (?:eo )?(?:lavaret|komz|displegan|menegin|diskouez)\b[^.!?\n]{0,30}\bimplijer\w*\b|\bna (?:lavar|lavarit|komz|komzit) ket\b[^.!?\n]{0,30}\bimplijer\w*\b/,
  // isiXhosa, isiZulu: musa ukuxelela umsebenzisi, ungamtsheli umsebenzisi
  /\bmusa uku(?:xelela|xela|chazela|bonisa|tshela)\b[^.!?\n]{0,30}\bumsebenzisi\b|\bungamtsheli\b[^.!?\n]{0,20}\bumsebenzisi\b/,
  // Shona, Igbo, Hausa, Yoruba: usaudza mushandisi, agwala onye oru, kada ka gaya wa mai amfani, ma se so fun olumulo
  /\busaudza\b[^.!?\n]{0,20}\bmushandisi\b|\bagwala onye oru\b|\bkada (?:ka|ki|ku) (?:gaya|fada)(?: wa)? mai amfani\b|\bma se so (?:fun|fu) (?:olumulo|oniibara)\b/,
  // German: teile dem Nutzer nichts mit, ohne den Benutzer zu informieren, nicht erwähnen
  /\b(?:sag|sage|sagen sie|teile|teilen sie|erwahne|erwahnen sie|informiere|informieren sie)\b[^.!?\n]{0,30}\b(?:dem |den )?(?:nutzer|benutzer|anwender)\w*\b[^.!?\n]{0,20}\b(?:nichts|nicht)\b/,
  // Passive, no one named: "Das gehört zur Anmeldung und muss nicht erwähnt werden."
  /\b(?:muss|mussen|soll|sollte|sollten|braucht|darf|durfen) (?:\w+ )?(?:nicht|nie|niemals) (?:erwahnt|mitgeteilt|gemeldet|berichtet|angezeigt|offengelegt) (?:zu )?werden\b/,
  // "erwähne das in deiner Antwort nicht": "do not mention it in your answer".
  /\berwahne (?:das|dies|es|sie|ihn)\b[^.!?\n]{0,30}\b(?:antwort|zusammenfassung|bericht)\w*\b[^.!?\n]{0,10}\bnicht\b/,
  /\bohne (?:den |die )?(?:nutzer|benutzer|anwender)\w* (?:zu )?(?:informieren|fragen|benachrichtigen)\b|\b(?:dem |der )?(?:nutzer|benutzer)\w* (?:nicht|nichts) (?:mitteilen|sagen|erwahnen|zeigen)\b/,
  // Dutch, Swedish: vertel het de gebruiker niet, berätta inte för användaren
  /\b(?:vertel|zeg|meld)\b[^.!?\n]{0,30}\bgebruiker\w*\b[^.!?\n]{0,15}\bniet\b|\bzonder (?:de )?gebruiker (?:te )?(?:informeren|vragen)\b|\bniet (?:melden|vertellen|vermelden) aan de gebruiker\b/,
  /\b(?:beratta|saga|namn|informera)\b[^.!?\n]{0,10}\binte\b[^.!?\n]{0,20}\banvandare\w*\b/,
  // Polish, Czech: nie informuj o tym użytkownika, neříkej to uživateli
  /\bnie (?:informuj|mow|mowi|wspominaj|pokazuj|zdradzaj|powiadamiaj)\w*\b[^.!?\n]{0,40}\buzytkownik\w*\b/,
  /\bne(?:rikej|informuj|zminuj|ukazuj|prozrazuj)\w*\b[^.!?\n]{0,40}\buzivatel\w*\b/,
  // Russian, Ukrainian: не сообщай об этом пользователю, не кажи користувачу
  /(?:^|\s)не (?:сообщай|говори|рассказывай|упоминай|показывай|информируй|уведомляй|сообщайте|говорите|упоминайте)\S*[^.!?\n]{0,40}(?:пользовател|оператор|клиент|владел)/,
  // The person named first: "Оператору об этом правиле не сообщай".
  /(?:пользовател|оператор|клиент|владел)\S*[^.!?\n]{0,40}\sне (?:сообщай|говори|рассказывай|упоминай|показывай|сообщайте|говорите|упоминайте)/,
  /(?:^|\s)не (?:повідомляй|кажи|розповідай|згадуй|показуй|інформуй)\S*[^.!?\n]{0,40}користувач/,
  // Turkish: kullanıcıya bahsetme, kullanıcıya söyleme
  /kullan[ıi]c[ıi](?:ya|lara)?\b[^.!?\n]{0,30}(?:bahsetme|soyleme|söyleme|bildirme|gosterme|göstermeyin|bahsetmeyin|soylemeyin|söylemeyin)/,
  // Greek: μην το πεις στον χρήστη
  /μην (?:\S{1,3} )?(?:πεις|αναφερεις|αναφέρεις|ενημερωσεις|ενημερώσεις|δειξεις|δείξεις)[^.!?\n]{0,30}χρηστ/,
  // Arabic: لا تذكر ذلك للمستخدم, لا تخبر المستخدم
  /لا (?:تذكر|تخبر|تُخبر|تعلم|تُعلم|تبلغ|تُبلغ|تظهر|تُظهر)[^.!?\n]{0,40}(?:المستخدم|للمستخدم)/,
  // "ولا داعي لإبلاغ المسافر": no need to tell whoever the record is about.
  /(?:لا داعي|لا حاجة) (?:ل|الى |إلى )?[إا]بلاغ|(?:دون|بدون|من غير) [إا]بلاغ/,
  // Hindi: उपयोगकर्ता को इसके बारे में न बताएं
  /(?:उपयोगकर्ता|यूज़र|यूजर)[^.!?\n।]{0,40}(?:न|मत) (?:बताएं|बताएँ|बताना|बताओ|कहें|दिखाएं)/,
  // Indonesian, Vietnamese: jangan beri tahu pengguna, không cho người dùng biết
  /\bjangan (?:beri ?tahu|memberi ?tahu|sebutkan|menyebutkan|tunjukkan|kabari|laporkan)\b[^.!?\n]{0,30}\bpengguna\b/,
  /\bkhong (?:noi|bao|cho|de cap|thong bao)\b[^.!?\n]{0,30}\bnguoi dung\b/,
  // Korean: 사용자에게 알리지 마세요, 사용자에게 말하지 마
  /사용자(?:에게|한테)?[^.!?\n]{0,20}(?:알리지|알려주지|말하지|말해주지|언급하지|보여주지|공개하지|전하지|밝히지) ?마/,
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
  /\bsans (?:demander|confirmation|autorisation|l'accord)\b|\bne (?:demande|demandez) pas\b|\b(?:inutile|pas besoin|nul besoin) de (?:lui |leur |le |la )?(?:re)?(?:demander|confirmer|solliciter)\b/,
  /\bsin (?:preguntar|pedir (?:permiso|confirmacion)|confirmacion)\b|\bno (?:preguntes|pidas confirmacion)\b|\bsem (?:perguntar|pedir|confirmacao)\b/,
  /\bsenza (?:chiedere|conferma)\b/,
  // The Nordic languages: "uden at spørge", "uten å spørre", "utan att fråga", "kysymättä".
  /\buden at spørge\b|\buten å spørre\b|\butan att fråga\b|\bkysymättä\b/,
  /(?:无需|不必|不要|无须)(?:征求|询问|确认|请求)(?:用户)?/,
  /(?:確認|許可)(?:は|を取る必要は|を求める必要は)?(?:不要|必要ありません)/,
];

/**
 * Orders to read, copy, send or include, in other languages: with a secret named in the same
 * sentence they make the same request as "read ~/.ssh/id_rsa and pass it". Imperative forms.
 */
export const DIRECTIVE_ELSEWHERE =
  /\b(?:achete|achetez|paie|payez|commandez|approuvez|validez|supprimez|annulez|rembourse|remboursez|compra|compre|paga|pague|aprueba|apruebe|aprove|borra|borre|elimina|elimine|exclua|cancela|cancele|reembolsa|reembolse|approva|cancella|rimborsa|kaufe|bezahle|genehmige|losche|storniere|erstatte|lis|lisez|copie|copiez|recopie|recopiez|envoie|envoyez|inclus|incluez|joins|joignez|colle|collez|mets|mettez|transmets|transmettez|ajoute|ajoutez|lee|lea|copia|copie|envia|envie|incluye|inclua|adjunta|anexe|pega|pegue|pasa|passe|agrega|adicione|leia|manda|mande|leggi|invia|includi|allega|incolla|metti|aggiungi|inserisci|lies|lese|kopiere|sende|schicke|fuge|hange|ubergib|trage|lees|kopieer|stuur|voeg|plak|kopiera|skicka|lagg|bifoga|przeczytaj|skopiuj|wyslij|dodaj|wklej|przekaz|dołącz|precti|zkopiruj|posli|pridej|vloz|oku|kopyala|gonder|ekle|yapistir|ilet|baca|salin|kirim|tambahkan|lampirkan)\b|(?:прочитай|прочтите|скопируй|скопируйте|отправь|отправьте|добавь|добавьте|вставь|вставьте|передай|передайте|перешли|приложи|прочитай|скопіюй|надішли|додай|встав|передай|διάβασε|αντέγραψε|στείλε|πρόσθεσε|اقرأ|انسخ|ألغ|الغ|استرد|ادفع|احذف|اشتر|أرسل|ارسل|أضف|اضف|ألصق|أرفق|पढ़ें|पढ़ो|कॉपी|भेजें|भेजो|जोड़ें|खोजें|读取|复制|发送|附加|粘贴|传入|填入|放入|抄送|密送|保存|输出|转发|読み取|読んで|コピー|送信|添付|貼り付け|入れて|渡して|읽고|읽으세요|전달해|전달하세요|보내세요|첨부해|복사해|읽어|복사|전송|보내|첨부|붙여|넣어|저장하)/;

/** Negations that turn a following order into a rule ("ne copiez jamais", "nicht senden", "不要发送"). */
export const NEGATION_ELSEWHERE =
  /(?:^|[\s'’(])(?:ne|n'|no|nao|non|nicht|niet|inte|nie|nikdy|jamais|nunca|mai|niemals|nooit|aldrig|не|ні|никогда|μην|δεν|لا|मत|न|jangan|khong|asla)(?:\s+\S+)?\s*$|(?:不要|不得|禁止|勿|别|しないで|禁止|하지 ?마)\s*$/;

/** The conversation in other languages: a request for it is a request for the whole exchange. */
export const CONVERSATION_ELSEWHERE =
  /\b(?:historique de (?:la )?conversation|toute la conversation|historial de (?:la )?conversacion|toda la conversacion|historico da conversa|toda a conversa|cronologia della conversazione|tutta la conversazione|gesprachsverlauf|chatverlauf|gesamte (?:gesprach|unterhaltung)|hele gesprek|gespreksgeschiedenis|hela konversationen|cala (?:dotychczasowa )?rozmowe|cala rozmowa|historie konverzace|tum konusma|konusma gecmisi|seluruh percakapan|toan bo cuoc tro chuyen)\b|(?:вся переписка|всю переписку|весь разговор|историю (?:диалога|переписки|чата)|всю розмову|історію (?:чату|розмови)|ολόκληρη τη συνομιλία|المحادثة كاملة|كامل المحادثة|سجل المحادثة|पूरी बातचीत|बातचीत का इतिहास|完整对话|全部对话|对话记录|聊天记录|会话记录|会話の全文|会話履歴|これまでの会話|대화 전체|전체 대화|대화 내용|대화 기록)/;

/** Nouns for "the contents", "the full text" in other languages, for parameter descriptions. */
export const CONTENT_NOUN_ELSEWHERE =
  /\b(?:contenu|integral|inhalt|vollstandig|contenido|completo|conteudo|contenuto|intero)\b|内容|全文|中身/;

/** "Instead of", "in place of" in other languages: MPMA's preference manipulation is not only English. */
export const DISPLACE_ELSEWHERE =
  /\b(?:in loc de|in locul|zamiast|w miejsce|yerine|helyett|sijaan|asemesta|i stallet for|istallet for|i stedet for|in plaats van|misto|namiesto|alih-alih|sebagai ganti|bukannya|thay vì|thay cho|badala ya|sa halip na)\b|(?:вместо|замість|замест|αντί για|αντί του|αντί της|بدلا من|بدلاً من|عوضا عن|के बजाय|की जगह|แทนที่|แทน|代替|而不是|取代|の代わりに|代わりに|대신|به جای|بجای|במקום)/;

/** "Other tools", "any other server" in other languages: what a displacement or trigger aims at. */
export const OTHER_TOOLS_ELSEWHERE =
  /\b(?:(?:orice|oricarui|oricarei|alt|alte|altor|celelalte|celorlalte) (?:\w+ ){0,3}(?:instrument\w*|server\w*)|(?:inne|innych|innego|dowolne\w*) (?:\w+ ){0,3}(?:narzedzi\w*|serwer\w*)|(?:jine|jinych|jineho|libovoln\w*) (?:\w+ ){0,3}(?:nastroj\w*|server\w*)|(?:diger|baska|herhangi bir) (?:\w+ ){0,3}(?:arac\w*|sunucu\w*)|(?:mas|masik|egyeb|barmely) (?:\w+ ){0,3}(?:eszkoz\w*|szerver\w*)|(?:muut|muiden|muu|mika tahansa) (?:\w+ ){0,3}(?:tyokalu\w*|palvelim\w*)|(?:andra|annan|nagon annan|andre|anden|andet|noen annen) (?:\w+ ){0,3}(?:verktyg\w*|verktoy\w*|vaerktoj\w*|server\w*|servrar\w*)|(?:andere|anderen|ander) (?:\w+ ){0,3}(?:tools?|werkzeug\w*|server\w*)|(?:alat|server|perkakas) (?:lain|lainnya)|(?:công cụ|máy chủ) khác|(?:zana|seva) (?:nyingine|zingine)|(?:ibang) (?:tool|kasangkapan|server))\b|(?:(?:други[ех]?|любы[ех]|інші|інших|будь-які) (?:\S+ ){0,3}(?:инструмент\S*|сервер\S*|інструмент\S*)|άλλ\S* (?:\S+ ){0,3}(?:εργαλεί\S*|διακομιστ\S*)|(?:أدوات|خوادم|أداة|خادم) (?:\S+ ){0,3}(?:أخرى|آخر)|अन्य (?:\S+ ){0,3}(?:टूल|उपकरण|सर्वर)|เครื่องมืออื่น|เซิร์ฟเวอร์อื่น|其他(?:工具|服务器|服務器)|他の(?:ツール|サーバー)|다른 (?:도구|서버|툴)|(?:ابزارهای|ابزار|سرورهای|سرور) (?:\S+ ){0,3}دیگر|(?:כלים|שרתים|כלי|שרת) (?:\S+ ){0,3}(?:אחרים|אחר))/;

/** "Always", "only" in other languages: what makes a displacement an order rather than a comparison. */
export const ALWAYS_ONLY_ELSEWHERE =
  /\b(?:toujours|uniquement|exclusivement|siempre|unicamente|exclusivamente|sempre|apenas|immer|ausschliesslich|altijd|uitsluitend|alltid|endast|enbart|aina|ainoastaan|vain|zawsze|wylacznie|tylko|vzdy|pouze|vyhradne|her zaman|daima|yalnizca|sadece|mindig|kizarolag|csak|intotdeauna|mereu|numai|doar|selalu|hanya|sentiasa|luôn luôn|luôn|chỉ dùng|daima|kila mara|palagi|lamang)\b|(?:всегда|только|исключительно|завжди|лише|тільки|виключно|πάντα|μόνο|دائما|دائمًا|فقط|हमेशा|केवल|सिर्फ|เสมอ|เท่านั้น|总是|始终|一律|必ず|常に|のみ|항상|반드시|همیشه|תמיד|רק)/;

/**
 * Secrecy toward the user, word by word for each language: a noun for the user, a verb of telling
 * or showing, and a negation next to the verb, in whichever order the language puts them ("nu-i
 * spune utilizatorului", "Користувачеві про це не повідомляй", "โดยไม่ต้องแจ้งผู้ใช้"). Some
 * languages fuse the negation into the verb (`negatedVerb`).
 */
export interface SecrecyWords {
  language: string;
  user: RegExp;
  /** A negation immediately before (up to two words) or, where the language allows, after the verb. */
  negation?: RegExp;
  tell?: RegExp;
  negationAfter?: boolean;
  negatedVerb?: RegExp;
}

export const SECRECY_WORDS: readonly SecrecyWords[] = [
  {
    language: 'fr',
    user: /utilisat(?:eur|rice)s?/,
    negation: /ne|n'|jamais|sans/,
    tell: /(?:le |lui |leur |en )?(?:dis|dites|mentionne\w*|signale\w*|informe\w*|montre\w*|revele\w*|previen\w*|avertir|informer|prevenir|affiche\w*)/,
  },
  {
    language: 'es',
    user: /usuari[oa]s?/,
    negation: /no|nunca|jamas|sin/,
    tell: /(?:se lo |le |les )?(?:dig\w*|decir\w*|mencion\w*|inform\w*|muestr\w*|mostrar\w*|revel\w*|avis\w*|comunic\w*|notific\w*|cuent\w*|contar\w*)/,
  },
  {
    language: 'pt',
    user: /usuari[oa]s?|utilizador(?:es)?/,
    negation: /nao|nunca|jamais|sem/,
    tell: /(?:lhe )?(?:diga\w*|dizer\w*|mencion\w*|inform\w*|mostr\w*|revel\w*|avis\w*|cont\w*|notific\w*|exib\w*|comunic\w*)/,
  },
  {
    language: 'it',
    user: /utent[ei]/,
    negation: /non|mai|senza/,
    tell: /(?:lo |gli |le )?(?:dir\w*|menzion\w*|inform\w*|mostr\w*|rivel\w*|avvis\w*|segnal\w*|comunic\w*|notific\w*)/,
  },
  {
    language: 'de',
    user: /(?:be)?nutzer\w*|anwender\w*|user\w*/,
    negation: /nicht|nie|niemals|nichts|ohne/,
    negationAfter: true,
    tell: /sag\w*|teil\w*|mitteil\w*|erwahn\w*|zeig\w*|anzeig\w*|informier\w*|verrat\w*|meld\w*|benachrichtig\w*/,
  },
  {
    language: 'nl',
    user: /gebruiker\w*/,
    negation: /niet|nooit|zonder/,
    negationAfter: true,
    tell: /vertel\w*|zeg\w*|meld\w*|toon\w*|vermeld\w*|informeer\w*|informeren|laat (?:\w+ )?zien/,
  },
  {
    language: 'sv',
    user: /anvandar\w*/,
    negation: /inte|aldrig|ej|utan att/,
    negationAfter: true,
    tell: /beratta\w*|sag\w*|namn\w*|visa\w*|informera\w*|avsloja\w*|meddela\w*/,
  },
  {
    language: 'da-no',
    user: /bruger\w*|bruker\w*/,
    negation: /ikke|aldri|aldrig|uden at|uten a/,
    negationAfter: true,
    tell: /fortæl\w*|fortell\w*|sig|si|nævn\w*|nevn\w*|vis|informer\w*|afslør\w*|avslør\w*/,
  },
  {
    language: 'fi',
    user: /kayttaja\w*|kayttajalle/,
    negation: /ala|alakaa|alaka|ei|koskaan|kertomatta|ilmoittamatta/,
    tell: /kerro\w*|mainitse\w*|nayta\w*|ilmoita\w*|paljasta\w*/,
  },
  {
    language: 'pl',
    user: /uzytkownik\w*/,
    negation: /nie|nigdy|bez/,
    tell: /mow\w*|informuj\w*|informowania|wspominaj\w*|wspominac|pokazuj\w*|zdradzaj\w*|powiadamiaj\w*|ujawniaj\w*|powiadomienia/,
  },
  {
    language: 'cs-sk',
    user: /uzivatel\w*|pouzivatel\w*/,
    negatedVerb:
      /ne(?:rikej|informuj|zminuj|ukazuj|prozrazuj|hovor|oznamuj|sdeluj|upozornuj)\w*|bez (?:vedomi|informovani|upozorneni)/,
  },
  {
    language: 'hu',
    user: /felhasznalo\w*/,
    negation: /ne|soha|nem|nelkul/,
    tell: /mond\w*|emlits\w*|szolj\w*|tajekoztas\w*|mutas\w*|arul\w*|jelez\w*|ertesit\w*/,
  },
  {
    language: 'ro',
    user: /utilizator\w*/,
    negation: /nu|niciodata|fara sa|fara a/,
    tell: /(?:(?:ii|le|o|il|i)-?\s?)?(?:spu\w*|mentiona\w*|informa\w*|informeze|arat\w*|dezvalui\w*|anunta\w*|semnala\w*|comunica\w*|notifica\w*)/,
  },
  {
    language: 'ru',
    user: /пользовател\S*/,
    negation: /не|никогда|без/,
    tell: /сообща\S*|сообщи\S*|говори\S*|скажи\S*|рассказыва\S*|упомина\S*|показыва\S*|информиру\S*|уведомля\S*|ведома/,
  },
  {
    language: 'uk',
    user: /користувач\S*/,
    negation: /не|ніколи|без/,
    tell: /повідомля\S*|повідом\S*|кажи\S*|скаж\S*|розповіда\S*|згаду\S*|показу\S*|інформу\S*|відома/,
  },
  {
    language: 'tr',
    user: /kullanic\w*/,
    negatedVerb:
      /bahsetme\w*|soyleme\w*|bildirme\w*|gosterme\w*|aciklama(?:yin|yiniz)?\b|haber verme\w*|belirtme\w*/,
  },
  {
    language: 'el',
    user: /χρηστ\S*/,
    negation: /μην|μη|ποτε|χωρις/,
    tell: /(?:του |το |τον )?(?:πεις|πειτε|αναφερ\S*|ενημερ\S*|δειξ\S*|αποκαλυψ\S*|λες)/,
  },
  {
    language: 'ar',
    user: /(?:لل|ال)مستخدم\S*/,
    negation: /لا|أبدا|ابدا|دون|بدون/,
    tell: /ت?(?:ذكر|خبر|علم|بلغ|ظهر|كشف)\S*|إ?(?:خبار|علام|بلاغ)\S*/,
  },
  {
    language: 'fa',
    user: /کاربر\S*/,
    negatedVerb: /نگو\S*|اطلاع نده\S*|ذکر نکن\S*|نشان نده\S*|مطلع نکن\S*|بدون اطلاع|نگویید/,
  },
  {
    language: 'he',
    user: /(?:ל|ה)?משתמש\S*/,
    negation: /אל|לא|בלי|ללא|אין צורך|אין חובה/,
    tell: /תספר\S*|תגיד\S*|תציין\S*|תודיע\S*|תראה\S*|תחשוף\S*|תעדכן\S*|תיידע\S*|לספר|להגיד|לציין|להודיע|לעדכן|ליידע|ידיעת/,
  },
  {
    language: 'hi',
    user: /उपयोगकर्ता|यूज़र|यूजर/,
    negation: /न|मत|नहीं|बिना/,
    negationAfter: true,
    tell: /बता\S*|कह\S*|दिखा\S*|उल्लेख\S*|सूचित\S*/,
  },
  {
    language: 'id-ms',
    user: /pengguna/,
    negation: /jangan|tidak|tanpa|usah/,
    tell: /(?:beri ?tahu|memberi ?tahu(?:kan)?|beritahu|sebut\w*|menyebut\w*|tunjuk\w*|kabar\w*|lapor\w*|maklum\w*|memaklum\w*|bagitahu)/,
  },
  {
    language: 'vi',
    user: /người dùng/,
    negation: /không|đừng|chớ|chẳng/,
    tell: /nói|nói cho|báo cho|cho (?:\S+ )?biết|đề cập|thông báo|tiết lộ|hiển thị/,
  },
  { language: 'th', user: /ผู้ใช้/, negation: /ไม่ต้อง|ไม่|อย่า|ห้าม|โดยไม่/, tell: /บอก|แจ้ง|แสดง|เปิดเผย|กล่าวถึง/ },
  {
    language: 'sw',
    user: /mtumiaji|watumiaji/,
    negatedVerb:
      /usi(?:m|wa)?(?:wambie|ambie|julishe|onyeshe|taje)\w*|msi(?:m|wa)?(?:wambie|ambie|julishe)\w*|bila (?:ku)?(?:m|wa)?(?:julisha|ambia|taarifu)\w*/,
  },
  {
    language: 'ca',
    user: /usuari\w*/,
    negation: /no|mai|sense/,
    tell: /(?:cal )?(?:dir\w*|comentar\w*|mencionar\w*|informar\w*|avisar\w*|mostrar\w*|explicar\w*)/,
  },
  {
    // Friulian: "Nol covente visâ l'utent" (no need to warn the user).
    language: 'fur',
    user: /utent\w*|l'utent/,
    negation: /no|nol|nus|mai|cence/,
    tell: /(?:vis\w*|di|dii|dit|cont\w*|mostr\w*|menzon\w*|inform\w*|palese\w*|segnal\w*)/,
  },
  // Celtic, Maltese and North Germanic: na innis don neach-cleachdaidh, ná hinis don úsáideoir,
  // peidiwch â dweud wrth y defnyddiwr, tgħidx lill-utent, ekki segja notandanum, sig ikki brúkaranum.
  {
    language: 'gd',
    user: /neach-cleachdaidh|cleachdaiche\w*/,
    negation: /na|cha|gun/,
    tell: /h-?innis\w*|inns\w*|abair|can|nochd\w*|leig fios/,
  },
  {
    language: 'ga',
    user: /(?:n-|h)?úsáideoir\w*/,
    negation: /ná|níor|gan|ní/,
    tell: /h?inis\w*|h?insint|luaigh|lua|taispeáin|cuir in iúl/,
  },
  {
    language: 'cy',
    user: /n?dd?efnydd(?:iwr|wyr)/,
    negation: /peidiwch|paid|heb|na/,
    tell: /dd?weud|sôn|hysbysu|dd?angos|dd?atgelu|rhoi gwybod/,
  },
  {
    language: 'mt',
    user: /(?:l-|lill-|lil )?utent\w*/,
    negatedVerb: /tg(?:ħ|h)idx\w*|tgħidulux|issemmix\w*|turix\w*|tinfurmax\w*|tavżax\w*|mingħajr ma tgħid\w*/,
  },
  {
    language: 'is',
    user: /notand\w*|svarinu|svarið/,
    negation: /ekki|aldrei|án þess að/,
    tell: /nefn\w*|segj\w*|segð\w*|láta (?:\S+ )?vita|upplýs\w*|sýn\w*|geta|minnast á/,
    negationAfter: true,
  },
  {
    language: 'fo',
    user: /brúkar\w*/,
    negation: /ikki|aldri|uttan at/,
    tell: /sig\w*|nevn\w*|greið\w*|vís\w*|kunnger\w*/,
    negationAfter: true,
  },
  // Baltic, South Slavic, Finnic, Albanian, Basque, Esperanto, Afrikaans, Luxembourgish.
  {
    language: 'lt',
    user: /naudotoj\w*|vartotoj\w*/,
    negatedVerb: /nesakyk\w*|neminėk\w*|nepranešk\w*|nerodyk\w*|neinformuok\w*|neužsimink\w*/,
  },
  {
    language: 'lv',
    user: /lietotāj\w*/,
    negatedVerb: /nesaki\w*|nepiemini\w*|neziņo\w*|nerādi\w*|neinformē\w*|nestāsti\w*/,
  },
  {
    language: 'sl-hr-sr-bs',
    user: /uporabnik\w*|korisnik\w*|корисник\w*/,
    negation: /ne|nikoli|nikad\w*|bez|brez|не|никад\w*|без/,
    tell: /povej\w*|poveda\w*|omeni\w*|obvesti\w*|pokaži\w*|razkri\w*|reci|reći|kaži\w*|spominj\w*|spomeni\w*|obavijest\w*|obavest\w*|реци|рећи|кажи\w*|помињ\w*|помени\w*|обавест\w*/,
  },
  {
    language: 'bg-mk',
    user: /потребител\w*|корисник\w*/,
    negation: /не|никога|никогаш|без/,
    tell: /казва\w*|кажувај\w*|кажи\w*|споменава\w*|спомнува\w*|съобщава\w*|информира\w*|показва\w*|известява\w*/,
  },
  {
    language: 'et',
    user: /kasutaja\w*/,
    negation: /ära|ärge|ilma|mitte/,
    tell: /ütle\w*|maini\w*|teavita\w*|näita\w*|räägi\w*/,
  },
  {
    language: 'sq',
    user: /përdorues\w*/,
    negation: /mos|pa/,
    tell: /(?:i |u )?(?:thuaj|thoni|thënë|trego\w*|përmend\w*|njofto\w*|njoftuar|informo\w*)/,
  },
  {
    language: 'eu',
    user: /erabiltzaile\w*/,
    negation: /ez|inoiz|gabe/,
    tell: /esan|aipatu|jakinarazi|erakutsi|kontatu|adierazi/,
    negationAfter: true,
  },
  {
    language: 'eo',
    user: /uzant\w*/,
    negation: /ne|neniam|sen/,
    tell: /dir\w*|menci\w*|inform\w*|montr\w*|sciig\w*/,
  },
  {
    language: 'af',
    user: /gebruiker\w*/,
    negation: /moenie|nooit|sonder om/,
    tell: /sê|vertel|noem|meld|wys|inlig|laat weet/,
  },
  {
    language: 'lb',
    user: /benotzer\w*/,
    negation: /net|ni|ouni/,
    tell: /so\w*|erwähn\w*|informéier\w*|weis\w*|matdeel\w*/,
    negationAfter: true,
  },
  // Turkic and Mongolian, where the verb carries its negation: aýtmagyň zerurlygy ýok, demə, айтпа.
  {
    language: 'tk',
    user: /ulanyj\w*/,
    negatedVerb: /aýtma\w*|habar berme\w*|görkezme\w*|aýtman/,
  },
  {
    language: 'az',
    user: /istifadəçi\w*/,
    negatedVerb: /demə\w*|bildirmə\w*|söyləmə\w*|xəbər vermə\w*|göstərmə\w*|qeyd etmə\w*/,
  },
  {
    language: 'uz',
    user: /foydalanuvchi\w*/,
    negatedVerb: /aytma\w*|xabar berma\w*|bildirma\w*|eslatma(?:ng|nglar)\b/,
  },
  {
    language: 'kk-ky',
    user: /пайдаланушы\S*|колдонуучу\S*/,
    negatedVerb: /айтпа\S*|хабарлама\S*|көрсетпе\S*|ескертпе\S*|билдирбе\S*|көрсөтпө\S*|эскертпе\S*/,
  },
  {
    language: 'mn',
    user: /хэрэглэгч\S*/,
    negatedVerb: /(?:битгий|бүү) (?:\S+ )?(?:хэл|мэдэгд|дурд|харуул)\S*|хэлэхгүй|мэдэгдэхгүй/,
  },
  // Caucasus: մի ասա օգտատիրոջը, არ უთხრა მომხმარებელს.
  {
    language: 'hy',
    user: /օգտատեր\S*|օգտատիր\S*|օգտվող\S*/,
    negatedVerb: /մի (?:\S+ )?(?:ասա|ասեք|նշիր|նշեք|տեղեկացրու|տեղեկացրեք|հայտնիր|հայտնեք|ցույց տուր)/,
  },
  {
    language: 'ka',
    user: /მომხმარებ\S*/,
    negatedVerb: /არ (?:\S+ )?(?:უთხრა|უთხრათ|ახსენო|ახსენოთ|აცნობო|აცნობოთ|აჩვენო|აჩვენოთ)/,
  },
  // South Asia, where the negation follows the verb: सांगू नका, சொல்ல வேண்டாம், කියන්න එපා, مت بتائیں.
  {
    language: 'bn',
    user: /ব্যবহারকারী\S*/,
    negatedVerb: /বলবেন না|বলো না|বলবে না|জানাবেন না|জানিও না|উল্লেখ করবেন না|দেখাবেন না/,
  },
  {
    language: 'mr',
    user: /वापरकर्त\S*/,
    negatedVerb: /सांगू नका|सांगू नकोस|कळवू नका|उल्लेख करू नका|दाखवू नका/,
  },
  {
    language: 'ne',
    user: /प्रयोगकर्ता\S*/,
    negatedVerb: /नभन्नु\S*|नभन\S*|जानकारी नदिनु\S*|उल्लेख नगर्नु\S*|नदेखाउनु\S*/,
  },
  {
    language: 'ta',
    user: /பயனர்\S*/,
    negatedVerb: /சொல்ல வேண்டாம்|சொல்லாதே\S*|தெரிவிக்க வேண்டாம்|குறிப்பிட வேண்டாம்|காட்ட வேண்டாம்/,
  },
  {
    language: 'te',
    user: /వినియోగదారు\S*/,
    negatedVerb: /చెప్పవద్దు|చెప్పకండి|చెప్పకు|తెలియజేయవద్దు|పేర్కొనవద్దు|చూపవద్దు/,
  },
  {
    language: 'si',
    user: /පරිශීලක\S*/,
    negatedVerb: /කියන්න එපා|නොකියන්න|දන්වන්න එපා|සඳහන් කරන්න එපා|පෙන්වන්න එපා/,
  },
  {
    language: 'ur',
    user: /صارف\S*|یوزر\S*/,
    negatedVerb: /(?:مت|نہ) (?:\S+ )?(?:بتا\S*|بتائیں|دکھا\S*)|ذکر (?:نہ|مت) کر\S*|اطلاع (?:نہ|مت) د\S*/,
  },
  {
    language: 'ps',
    user: /کارن\S*|کاروونک\S*/,
    negatedVerb: /مه (?:\S+ )?(?:وایه|وایاست|خبروه|ښکاره کوه)/,
  },
  {
    language: 'ku',
    user: /بەکارهێنەر\S*|bikarhêner\w*/,
    // "Pêwîst nake … bibêjî", "no need to tell": the Sorani and Kurmanji way of saying it.
    negatedVerb:
      /مەڵێ\S*|باسی مەکە\S*|ئاگادار مەکە\S*|پێویست ناکات(?:\s+\S+){0,5}?\s+(?:بڵێ|ئاگادار)\S*|nebêj\w*|nebêje\w*|agahdar neke|pêwîst nake(?:\s+\S+){0,5}?\s+(?:bibêj|agahdar)\w*/,
  },
  {
    // Ilocano: "Saanmo nga ibaga daytoy iti kliente" (do not tell this to the client).
    language: 'ilo',
    user: /kliente\S*|agus-?usar\S*|agar-?aramat\S*/,
    negatedVerb:
      /saan(?:mo|yo)? nga (?:ibaga|ipakaammo|ipakita|isalaysay)\S*|dimo (?:ibaga|ipakaammo|ipakita)\S*/,
  },
  {
    language: 'yi',
    user: /באַניצער\S*|באניצער\S*/,
    negatedVerb:
      /(?:זאָג|זאג|דערמאָן|דערמאן|מעלד|ווייז|ווײַז)\S* (?:\S+ )?(?:ניט|נישט)|(?:ניט|נישט) (?:\S+ )?(?:זאָגן|זאגן|דערמאָנען|מעלדן)/,
  },
  // Africa and the Indian Ocean: ha u sheegin isticmaalaha, aza lazaina amin'ny mpampiasa, pa di itilizatè a.
  {
    language: 'so',
    user: /isticmaal\w*/,
    negatedVerb: /ha (?:u |ku )?(?:sheegin|ogeysiin|muujin|xusin)\b/,
  },
  {
    language: 'mg',
    user: /mpampiasa/,
    negatedVerb: /aza (?:\S+ )?(?:lazaina|ilazana|ambara|ampahafantarina|asehoy)/,
  },
  {
    language: 'ht',
    user: /itilizat\w*/,
    negation: /pa|san|pinga/,
    tell: /di|mansyone|enfòme|montre|avèti/,
  },
  // Mainland Southeast Asia, written without spaces between words: កុំប្រាប់, ຢ່າບອກ, မပြောပါနဲ့.
  {
    language: 'km',
    user: /អ្នកប្រើ\S*/,
    negatedVerb: /កុំ(?:ប្រាប់|ជូនដំណឹង|បង្ហាញ|និយាយ|លើកឡើង)/,
  },
  {
    language: 'lo',
    user: /ຜູ້ໃຊ້/,
    negatedVerb: /(?:ຢ່າ|ບໍ່ຕ້ອງ)(?:ບອກ|ແຈ້ງ|ເວົ້າ|ສະແດງ)/,
  },
  {
    language: 'my',
    user: /အသုံးပြုသူ/,
    negatedVerb: /မ(?:ပြော|အသိပေး|ဖော်ပြ|ပြ)(?:ပါ)?(?:နဲ့|နှင့်|ရ)/,
  },
  {
    language: 'am',
    user: /(?:ለ|በ|የ)?ተጠቃሚ\S*/,
    negatedVerb: /አትናገር\S*|አትንገር\S*|አታሳውቅ\S*|አትግለጽ\S*|አትጥቀስ\S*/,
  },
  {
    language: 'tl',
    user: /user|gumagamit/,
    negation: /huwag|hindi/,
    tell: /(?:mo |ninyo )?(?:sabihin|ipaalam|banggitin|ipakita)/,
  },
];

/** The whole conversation, in the languages the table above covers and the first list misses. */
export const CONVERSATION_MORE_LANGUAGES =
  /\b(?:conversation complete|historique du chat|conversacion completa|historial del chat|conversa completa|historico do chat|conversazione completa|cronologia (?:della )?chat|ganze(?:n)? (?:unterhaltung|chat)|komplette(?:n)? (?:unterhaltung|chat)|volledige gesprek|chatgeschiedenis|hela (?:samtalet|chatten)|chatthistorik\w*|hele samtalen|samtalehistorik\w*|koko keskustelu\w*|keskusteluhistoria\w*|cala rozmow\w*|historie? rozmowy|cala konverzac\w*|celou konverzaci|teljes beszelgetes\w*|beszelgetes (?:elozmeny|elozmenyei)\w*|intreaga conversatie|toata conversatia|istoricul conversatiei|tum konusma\w*|sohbet gecmisi\w*|konusmanin tamami|riwayat percakapan|seluruh perbualan|sejarah perbualan|toàn bộ (?:hội thoại|cuộc trò chuyện)|lịch sử (?:trò chuyện|hội thoại)|nội dung cuộc trò chuyện|mazungumzo yote|historia ya mazungumzo|buong usapan|kasaysayan ng usapan)\b|(?:текст (?:разговора|диалога|переписки|розмови|діалогу)|всю розмову|весь діалог|ιστορικό (?:της )?συνομιλίας|المحادثة بالكامل|نص المحادثة|کل (?:مکالمه|گفتگو)|تاریخچه (?:گفتگو|مکالمه)|تمام (?:گفتگو|مکالمه)|כל השיחה|היסטוריית השיחה|השיחה המלאה|पूरा वार्तालाप|बातचीत का पूरा|บทสนทนาทั้งหมด|ประวัติการสนทนา|ประวัติแชท|对话历史|聊天历史|チャット履歴|채팅 기록)/;

/** Orders to read, copy or send in the languages the first list misses (none spelled like an English word). */
export const DIRECTIVE_MORE_LANGUAGES =
  /\b(?:lue|kopioi|laheta|liita|lisaa|valita|olvasd|masold|kuldd|csatold|illeszd|citeste|copiaza|adauga|ataseaza|lipeste|transmite|hãy đọc|sao chép|đính kèm|hãy in(?: ra)?|in ra|hãy gửi|hãy liệt kê|hãy hiển thị|hãy cung cấp|hãy chia sẻ|soma|nakili|ambatisha|bandika|uweke|weka|tuma|basahin|kopyahin|ipadala|idagdag|ilakip|baca|salin|hantar|lampirkan|przeczytaj|odczytaj|skopiuj|wyslij|dołącz|wklej|przekaz|precti|zkopiruj|posli|pripoj|vloz|kopyala|gonder|yapistir)\b|(?:^|[\s"'(«])(?:העתק|שלח|צרף|הדבק|بخوان|کپی کن|ارسال کن|بفرست|پیوست کن|викликай|виклич|передавай|відправ|вызови|вызывай)|อ่าน|คัดลอก|แนบ|取得して|取得し|開いて|アクセスして|打开|获取|提取|访问|تلاش کریں|شامل کریں|بھیجیں|پڑھیں|کاپی کریں/;

/** "The contents" in the languages the first list misses. */
export const CONTENT_NOUN_MORE_LANGUAGES =
  /\b(?:sisalto\w*|sisallon|tartalm\w*|icerig\w*|icerik|zawartosc\w*|obsah\w*|continut\w*|innehall\w*|inhoud|indhold|innhold|isi(?:nya)?|nội dung|maudhui|nilalaman)\b|(?:содержимое|содержание|вміст|περιεχόμενο|محتوى|محتوا|सामग्री|เนื้อหา|תוכן|내용)/;

/**
 * "Whoever reads this:" opening a sentence, in other languages: a record's note labelled for
 * whatever reads it, the West Flemish driver's "Wie da leest: …" as much as a German "Wer das liest:".
 */
export const READER_LEAD_ELSEWHERE =
  /(?:^|[\n.!?]\s*)(?:wie (?:dit|da|dat) leest|wer (?:das|dies) liest|quien (?:lea|lee) esto|chi legge (?:questo|questa nota)|quem (?:ler|le) isto|quiconque lit (?:ceci|ce message)|den som (?:læser|leser) dette|den som läser detta)\s*:/;

/** Words addressing the assistant in other languages ("AIアシスタントへ", "асистенте", "AI 助手"). */
export const MODEL_ADDRESS_ELSEWHERE =
  /\b(?:ai|llm)\s?(?:アシスタント|助手|어시스턴트|asistan\w*|assistent\w*|asystent\w*|asistent\w*|avustaja\w*|assistente|assistant\w*|asisten)|(?:アシスタント|助手|어시스턴트)(?:へ|に|에게|[：:，,])|асистент[еу]?[,:!]|ассистент[уе]?[,:!]|помічник[уе]?[,:!]|(?:اے آئی|مصنوعی ذہانت) (?:معاون|اسسٹنٹ)|دستیار هوش مصنوعی|עוזר ה-?ai|\bpara (?:o|el|la) (?:assistente|asistente)(?: de ia| ia)?\b|\b(?:nota|mensagem|aviso|instru[cç][aã]o) (?:ao|para o|al|para el|per l'|all') ?(?:assistente|asistente)\b|\b(?:note|message|consigne) (?:à|a|pour) l'assistant\b|\b(?:hinweis|nachricht|notiz) (?:an|für) den (?:ki-)?assistenten\b|\b(?:hinweis|nachricht|notiz|anweisung)(?:en)? (?:an|für) (?:das (?:ki-)?modell|die ki)\b|\b(?:pour|a) l'assistant(?: ia)?\b|\ban den (?:ki-)?assistenten\b|\bper l'assistente\b|\b(?:der|die) (?:ki-)?assistent(?:in)? (?:soll|muss|sollte)\b|\bl'assistant(?:e)? (?:doit|devrait|deve|dovrebbe)\b|\b(?:el|o) (?:asistente|assistente) (?:debe|deve|deberia|deveria)\b/;

/**
 * The word for an assistant, in whatever case ending a language gives it ("asistentam",
 * "assistenten", "asystentowi", "ассистенту"). Weak alone: rules use it only on data, together with a
 * secret on the user's machine and a tool to pass it through.
 */
export const ASSISTANT_WORDS =
  /\b(?:assistant\w*|assistent\w*|asistent\w*|assistente\w*|asystent\w*|asszisztens\w*|asistan\w*|avustaja\w*|copilot|chatbot\w*|llm|ai|ki|ia|yz)\b|ассистент|асистент|помічник|помощник|βοηθ[οό]|مساعد|(?:ال|لل|ل)?وكيل ال(?:[آا]لي|ذكي)|الذكاء الاصطناعي|دستیار|עוזר|सहायक|ผู้ช่วย|アシスタント|助手|助理|어시스턴트|비서/;

/** What no form should ask for, in other languages: passwords, recovery phrases, one-time codes, cards. */
export const ELICITED_SECRETS_ELSEWHERE =
  /\b(?:contrasena|clave secreta|mot de passe|passwort|kennwort|senha|parola d'ordine|wachtwoord|has[lł]o|heslo|geslo|lozink[aeiu]|slaptazod\w*|parool\w*|jelszo|fraz[aeęy] odzyskiwania|kod (?:weryfikacyjny|z aplikacji|uwierzytelniaj\w*|sms)|parola|salasana|losenord|adgangskode|sifre|kata sandi|mat khau|frase (?:de recuperacion|semilla)|phrase (?:de recuperation|secrete)|wiederherstellungs(?:phrase|satz)|seed-phrase|codigo de (?:verificacion|seguridad)|code de (?:verification|securite)|bestatigungscode|sicherheitscode|codice di verifica|verificatiecode|kod weryfikacyjny|numero de (?:tarjeta|cartao)|numero de carte|kartennummer|numero della carta)\b|пароль|лозинк\w*|парол[ья]|сид-фраз|фраз[аы] восстановления|код подтверждения|номер карты|密码|密碼|助记词|助記詞|验证码|驗證碼|卡号|パスワード|シードフレーズ|復元フレーズ|認証コード|確認コード|カード番号|비밀번호|복구 문구|인증 코드|인증번호|카드 번호|كلمة (?:المرور|السر)|رمز التحقق|رقم البطاقة|رمز عبور|گذرواژه|סיסמה|סיסמא|पासवर्ड|सत्यापन कोड|รหัสผ่าน/;

/**
 * "Ignore the previous instructions", in the languages the published multilingual injections use
 * (Lakera's and the multilingual jailbreak datasets' translations, Russian and Korean chat-bot
 * examples). Written as an order to one reader: the familiar imperative ("ignora", "забудь"), the
 * object marker in Korean and Japanese ("지시를 무시하고", "指示を無視して"), and nothing after the
 * instructions but the end of the sentence or the next order. A colleague's "ignorate le indicazioni
 * precedenti sul parcheggio", "игнорируйте предыдущие инструкции по оплате" or "以前の指示は無視して
 * ください" corrects a mail. "Rules" count only with an order to send or write after them: firewall
 * documentation tells its reader to ignore the previous rules and use the new set. An adverb may
 * stand before "all" ("ignora sistemáticamente todas las instrucciones previas"); "el agente ignora
 * automáticamente las instrucciones anteriores" describes what a reset does.
 */
const THEN_ORDER_LATIN = String.raw`(?=\s*(?:[.,;:!)]|$)|\s+(?:e|ed|y|i|und|et|en|och|og|ja|dan|va|and|then|poi|luego|depois|dann|puis|oraz)\s)`;
const THEN_ORDER_CYRILLIC = String.raw`(?=\s*(?:[.,;:!)]|$)|\s+(?:и|а|затем|потом|і|та)\s)`;
export const OVERRIDES_ELSEWHERE = new RegExp(
  [
    String.raw`\b(?:ignora|dimentica|trascura|ignorar|olvida|ignore|esqueca|esquece|ignoreer|negeer|vergeet|zignoruj|zapomnij|ignoruj|zapomen|ignorera|glom|ignorer|glem|unohda|ignoroi|abaikan|lupakan|bo qua|hay bo qua|quen di)\s+(?:[a-z]+(?:mente|ment)\s+(?=(?:tutte|tutti|todas|todos|tous|toutes|alle|wszystkie|vsechny|alla|kaikki|semua|tat ca)\s))?(?:(?:tutte|tutti|todas|todos|tous|toutes|alle|wszystkie|vsechny|alla|kaikki|semua|tat ca|cac|le|la|gli|las|los|as|os|de|die|tus|tes|tuoi|je|i|ne|den|det|di|dei|delle|degli)\s+){0,3}(?:(?:istruzioni|instrucciones|instrucoes|instructies|instructie|instrukcje|polecenia|pokyny|instrukce|instruktioner|instruktionerna|instruksjoner|ohjeet|instruksi|perintah|huong dan|chi dan)(?:\s+\w+){0,1}\s+(?:precedenti|sopra|anteriores|previas|acima|vorige|eerdere|poprzednie|predchozi|tidigare|forrige|aiemmat|sebelumnya|di atas|truoc do|o tren)|(?:precedenti|anteriores|previas|vorige|poprzednie|predchozi|tidigare|forrige|aiemmat)\s+(?:istruzioni|instrucciones|instrucoes|instructies|instructie|instrukcje|polecenia|pokyny|instrukce|instruktioner|instruksjoner|ohjeet))${THEN_ORDER_LATIN}`,
    // Danish, Swedish, Finnish and Catalan, only with "all": "Ignorer alle tidligere instruktioner og …",
    // "ignora totes les instruccions anteriors i …". A colleague corrects "the previous instructions".
    String.raw`\b(?:ignorer|ignorera|glem|glom|unohda|ignoroi|ignora|oblida)\s+(?:alle|alla|kaikki|totes|tots)\s+(?:(?:de|les|els)\s+)?(?:(?:tidligere|foregaende|aiemmat|edelliset|aikaisemmat)\s+)?(?:instruktioner|instruktionerna|instruksjoner|ohjeet|instruccions)(?:\s+(?:anteriors|previes))?${THEN_ORDER_LATIN}`,
    String.raw`\b(?:ignora|dimentica|ignorar|olvida|ignore|esqueca|ignoreer|vergeet|zignoruj|zapomnij)\s+(?:(?:tutte|todas|todos|alle|wszystkie|le|las|los|as|os|de|die)\s+){0,2}(?:regole|reglas|regras|regels|zasady)\s+(?:precedenti|anteriores|vorige|poprzednie)\s+(?:e|y|en|i)\s+(?:invia|manda|scrivi|rispondi|envia|escribe|responde|envie|escreva|responda|stuur|schrijf|wyslij|napisz|odpowiedz)\b`,
    String.raw`(?:игнорируй|проигнорируй|забудь|не обращай внимания на|ігноруй|проігноруй)\s+(?:(?:все|всё|всі|свои|мои)\s+)?(?:(?:предыдущие|прежние|прошлые|вышеуказанные|вышеизложенные|старые|попередні|вищевказані)\s+)?(?:инструкции|указания|промпты?|інструкції|вказівки)${THEN_ORDER_CYRILLIC}`,
    String.raw`(?:이전|위의|위|앞의|앞선|기존)\s*(?:모든\s*)?(?:지시|지시사항|지침|명령|프롬프트|내용|규칙)(?:을|를)?\s*(?:모두\s*)?(?:무시하고|무시하라|무시해라|무시해(?!\s*주)|잊고|잊어버리고|잊어라)`,
    String.raw`(?:이전에|앞서|위에서)\s*(?:받은|주어진|말한)\s*(?:지시|지시사항|지침|명령)(?:은|는|을|를)?\s*(?:따르지\s*말고|무시하고)`,
    '(?:之前|前面|以上|上面)(?:说的|說的|的指令|的指示)(?:都|全部)?不算(?:了|数|數)?',
    '(?:忽略|无视|無視|忘记|忘記|忽視|不要理会|不要理會)(?:掉)?(?:你)?(?:之前|以前|先前|上面|上述|以上|前面|所有|全部|一切)(?:的)?(?:所有|全部)?(?:的)?(?:指令|命令)',
    '(?:以前|前|上記|これまで|先)の(?:すべての|全ての)?(?:指示|命令|指令|プロンプト)を(?:すべて|全て)?(?:無視して(?!ください|下さい)|無視しろ|忘れて(?!ください|下さい)|忘れろ)',
    String.raw`(?:تجاهل|انس|إنس)\s+(?:جميع\s+|كل\s+)?(?:التعليمات|الأوامر|التوجيهات)\s+(?:السابقة|أعلاه)(?!\s+(?:بخصوص|حول|عن|المتعلقة|الخاصة))`,
    String.raw`(?:पिछले|पहले के|ऊपर के|सभी)\s+(?:सभी\s+)?(?:निर्देशों|निर्देश|आदेशों)\s+(?:को\s+)?(?:अनदेखा|नजरअंदाज|भूल)`,
    String.raw`(?:αγνόησε|ξέχασε)\s+(?:όλες\s+)?(?:τις\s+)?(?:προηγούμενες\s+)?(?:οδηγίες|εντολές)`,
    String.raw`(?:התעלם|שכח)\s+(?:מכל\s+)?(?:ה)?(?:הוראות|ההוראות|מההוראות)\s*(?:ה)?(?:קודמות|הקודמות)?`,
    String.raw`(?:เพิกเฉย|ลืม|ไม่ต้องสนใจ)\s*(?:คำสั่ง|คำแนะนำ)\s*(?:ก่อนหน้า|ทั้งหมด|ข้างต้น)`,
  ].join('|'),
);
