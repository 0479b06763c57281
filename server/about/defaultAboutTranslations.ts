import type { Language } from '../../common/i18n/languages';
import { DEFAULT_ABOUT } from './defaultAbout';

/**
 * DEFAULT_ABOUT in each language the app speaks (docs/PRODUCT.md#languages), for the About page until
 * the operator writes their own (ABOUT_FILE). Same Markdown as the English: the same headings in the
 * same order and at the same levels, the note to the operator as a blockquote, the link to /log.
 * Each section heading carries the id of its English heading (`{#contact}`, server/about/render.ts), so
 * the footer's links (/about#contact, #moderation-policy, #what-verified-means) find it in any language.
 */
export const DEFAULT_ABOUT_BY_LANGUAGE: Record<Language, string> = {
  en: DEFAULT_ABOUT,
  ar: `# عن هذا التقويم

هذا تقويم مجتمعي للفعاليات الاحتجاجية والثقافية والتعليمية والرقمية الداعمة لفلسطين. باب إرسال
الفعاليات مفتوح للجميع، ويراجع فريق الإشراف التطوعي كل فعالية قبل نشرها.

> **ملاحظة لإدارة هذا الموقع:** يُرجى استبدال هذا النص بنص خاص بالموقع. يُكتب النص بصيغة Markdown
> في ملف، ويُذكر اسم هذا الملف في الإعداد \`ABOUT_FILE\`. وينبغي أن يجيب النص على الأقل عمّا
> تطلبه الأقسام أدناه.

## من يدير هذا التقويم {#who-runs-this-calendar}

يُذكر هنا اسم المجموعة أو الأشخاص الذين يقفون وراء هذا الموقع، ومكان وجودهم.

## للتواصل {#contact}

كيفية التواصل مع فريق الإشراف: عنوان بريد إلكتروني، وطريقة آمنة لإرسال المعلومات الحساسة.

## سياسة الإشراف {#moderation-policy}

ما يُنشر وما لا يُنشر، والمدة التي تستغرقها مراجعة الفعاليات المُرسَلة، والأسباب التي قد تؤدي إلى
رفض فعالية أو إزالتها، وكيفية الاعتراض على القرار. وكل رفض وكل إزالة يُسجَّلان في [سجل الشفافية](/log).

## معنى شارة «موثّقة» {#what-verified-means}

تعني شارة «موثّقة» أن فريق الإشراف تحقّق من الفعالية لدى جهة موثوقة. ويُذكر هنا ما الجهات التي
توثّق الفعاليات على هذا الموقع، وكيف يمكن لجهة ما أن تصبح واحدة منها.
`,
  fr: `# À propos de ce calendrier

Ce calendrier communautaire recense des manifestations et des événements culturels, éducatifs et
numériques en soutien à la Palestine. Tout le monde peut proposer un événement ; l’équipe de
modération, composée de bénévoles, examine chaque proposition avant sa publication.

> **Aux personnes qui gèrent ce site :** remplacez ce texte par le vôtre. Rédigez-le en Markdown dans
> un fichier et indiquez le nom de ce fichier dans le paramètre \`ABOUT_FILE\`. Précisez au minimum
> ce que demandent les sections ci-dessous.

## Qui gère ce calendrier {#who-runs-this-calendar}

Indiquez le nom du groupe ou des personnes à l’origine de ce site, ainsi que l’endroit où ils se
trouvent.

## Contact {#contact}

Comment joindre l’équipe de modération : une adresse e-mail, et la marche à suivre pour transmettre
une information sensible en toute sécurité.

## Charte de modération {#moderation-policy}

Ce qui est publié et ce qui ne l’est pas, dans quels délais les propositions sont examinées, pour
quelles raisons un événement peut être refusé ou supprimé, et comment contester une décision. Chaque
refus et chaque suppression sont consignés dans le [journal de transparence](/log).

## Ce que signifie « Vérifié » {#what-verified-means}

Le badge Vérifié signifie que l’équipe de modération a fait confirmer l’événement par une
organisation de confiance. Indiquez quelles organisations vérifient les événements sur ce site, et
comment une organisation peut devenir l’une d’elles.
`,
  es: `# Acerca de este calendario

Este es un calendario comunitario de protestas y eventos culturales, educativos y digitales en apoyo
a Palestina. Cualquier persona puede enviar un evento; el equipo de moderación, formado por
voluntarios, revisa cada uno antes de publicarlo.

> **Para quien gestione este sitio:** sustituye este texto por el tuyo. Escríbelo en Markdown en un
> archivo e indica el nombre de ese archivo en el ajuste \`ABOUT_FILE\`. Explica, como mínimo, lo que
> piden las secciones de abajo.

## Quién gestiona este calendario {#who-runs-this-calendar}

Indica el nombre del grupo o de las personas que están detrás de este sitio, y dónde se encuentran.

## Contacto {#contact}

Cómo comunicarse con el equipo de moderación: una dirección de correo electrónico y una forma segura
de enviar información delicada.

## Política de moderación {#moderation-policy}

Qué se publica y qué no, en cuánto tiempo se revisan los envíos, por qué motivos se puede rechazar o
eliminar un evento y cómo presentar una apelación. Cada rechazo y cada eliminación quedan recogidos
en el [registro de transparencia](/log).

## Qué significa «Verificado» {#what-verified-means}

La insignia Verificado significa que el equipo de moderación ha confirmado el evento con una
organización de confianza. Indica qué organizaciones verifican los eventos aquí y cómo puede una
organización llegar a ser una de ellas.
`,
  de: `# Über diesen Kalender

Dies ist ein gemeinschaftlicher Kalender mit Protesten, Kultur- und Bildungsveranstaltungen sowie
digitalen Angeboten zur Unterstützung Palästinas. Alle können Veranstaltungen einreichen; ein
ehrenamtliches Moderationsteam prüft jede einzelne vor der Veröffentlichung.

> **An alle, die diese Website betreiben:** Ersetzen Sie diesen Text durch Ihren eigenen. Schreiben
> Sie ihn in Markdown in eine Datei und geben Sie den Namen dieser Datei in der Einstellung
> \`ABOUT_FILE\` an. Beantworten Sie darin mindestens die Fragen der folgenden Abschnitte.

## Wer diesen Kalender betreibt {#who-runs-this-calendar}

Nennen Sie die Gruppe oder die Personen hinter dieser Website und geben Sie an, wo sie ansässig
sind.

## Kontakt {#contact}

Wie das Moderationsteam erreichbar ist: eine E-Mail-Adresse und ein Weg, vertrauliche Informationen
sicher zu übermitteln.

## Moderationsrichtlinien {#moderation-policy}

Was veröffentlicht wird und was nicht, wie schnell Einreichungen geprüft werden, aus welchen Gründen
eine Veranstaltung abgelehnt oder entfernt werden kann und wie man Widerspruch einlegt. Jede
Ablehnung und jede Entfernung wird im [Transparenzprotokoll](/log) aufgeführt.

## Was „Verifiziert“ bedeutet {#what-verified-means}

Das Abzeichen „Verifiziert“ bedeutet, dass sich das Moderationsteam die Veranstaltung von einer
vertrauenswürdigen Organisation hat bestätigen lassen. Geben Sie an, welche Organisationen hier
Veranstaltungen verifizieren und wie eine Organisation diese Rolle übernehmen kann.
`,
  it: `# Informazioni su questo calendario

Questo è un calendario comunitario di proteste ed eventi culturali, formativi e digitali a sostegno
della Palestina. Chiunque può inviare un evento; prima della pubblicazione, ogni evento viene
esaminato da un team di moderazione composto da volontari.

> **Per chi gestisce questo sito:** sostituisci questo testo con il tuo. Scrivilo in Markdown in un
> file e indica il nome del file nell’impostazione \`ABOUT_FILE\`. Spiega almeno ciò che chiedono le
> sezioni qui sotto.

## Chi gestisce questo calendario {#who-runs-this-calendar}

Indica il nome del gruppo o delle persone che curano questo sito, e dove si trovano.

## Contatti {#contact}

Come contattare il team di moderazione: un indirizzo email e un modo sicuro per inviare informazioni
riservate.

## Regole di moderazione {#moderation-policy}

Cosa viene pubblicato e cosa no, in quanto tempo vengono esaminate le proposte, per quali motivi un
evento può essere respinto o rimosso e come presentare ricorso. Ogni rifiuto e ogni rimozione sono
riportati nel [registro di trasparenza](/log).

## Cosa significa «Verificato» {#what-verified-means}

Il badge «Verificato» indica che il team di moderazione ha avuto conferma dell’evento da
un’organizzazione affidabile. Indica quali organizzazioni verificano gli eventi su questo sito e come
un’organizzazione può entrare a farne parte.
`,
  tr: `# Bu takvim hakkında

Bu, Filistin’e destek amacıyla düzenlenen protestoların ve kültürel, eğitsel ve dijital etkinliklerin
yer aldığı bir topluluk takvimidir. Herkes etkinlik gönderebilir; gönüllü moderatörler her etkinliği
yayımlanmadan önce inceler.

> **Bu siteyi yönetenlere:** Bu metni kendi metninizle değiştirin. Metni Markdown biçiminde bir
> dosyaya yazın ve bu dosyanın adını \`ABOUT_FILE\` ayarında belirtin. En azından aşağıdaki
> bölümlerin istediği bilgileri verin.

## Bu takvimi kimler yürütüyor? {#who-runs-this-calendar}

Bu sitenin arkasındaki grubun ya da kişilerin adını ve nerede bulunduklarını belirtin.

## İletişim {#contact}

Moderatörlere nasıl ulaşılabileceği: bir e-posta adresi ve hassas bilgilerin güvenli bir şekilde nasıl
gönderilebileceği.

## Moderasyon politikası {#moderation-policy}

Neyin yayımlanıp neyin yayımlanmadığı, gönderilerin ne kadar sürede incelendiği, bir etkinliğin hangi
nedenlerle reddedilebileceği ya da kaldırılabileceği ve bu kararlara nasıl itiraz edilebileceği. Her
ret ve kaldırma işlemi [şeffaflık kaydında](/log) listelenir.

## “Doğrulanmış” ne demek? {#what-verified-means}

Doğrulanmış rozeti, bir moderatörün etkinlik için güvenilir bir kuruluştan teyit aldığı anlamına
gelir. Burada hangi kuruluşların etkinlikleri doğruladığını ve bir kuruluşun bu kuruluşlar arasına
nasıl katılabileceğini belirtin.
`,
  id: `# Tentang kalender ini

Ini adalah kalender komunitas berisi aksi unjuk rasa serta acara budaya, edukasi, dan digital untuk
mendukung Palestina. Siapa pun dapat mengajukan acara; moderator sukarelawan meninjau setiap acara
sebelum dipublikasikan.

> **Untuk pengelola situs ini:** ganti teks ini dengan teks Anda sendiri. Tulis teks tersebut dalam
> format Markdown di sebuah file, lalu cantumkan nama file itu di pengaturan \`ABOUT_FILE\`.
> Setidaknya, jelaskan hal-hal yang diminta oleh bagian-bagian di bawah ini.

## Siapa yang mengelola kalender ini {#who-runs-this-calendar}

Sebutkan nama kelompok atau orang-orang di balik situs ini, beserta lokasi mereka.

## Kontak {#contact}

Cara menghubungi moderator: alamat email, dan cara mengirim informasi sensitif dengan aman.

## Kebijakan moderasi {#moderation-policy}

Apa yang dipublikasikan dan apa yang tidak, seberapa cepat pengajuan ditinjau, alasan sebuah acara
dapat ditolak atau dihapus, dan cara mengajukan banding. Setiap penolakan dan penghapusan tercantum
di [Catatan Transparansi](/log).

## Arti “Terverifikasi” {#what-verified-means}

Lencana Terverifikasi berarti seorang moderator telah memastikan kebenaran acara tersebut melalui
organisasi tepercaya. Sebutkan organisasi mana saja yang memverifikasi acara di sini, dan bagaimana
sebuah organisasi dapat menjadi salah satunya.
`,
  pt: `# Sobre este calendário

Este é um calendário comunitário de protestos e eventos culturais, educativos e digitais em apoio à
Palestina. Qualquer pessoa pode enviar um evento; uma equipe de moderação voluntária analisa cada um
antes que seja publicado.

> **Para quem administra este site:** substitua este texto pelo seu. Escreva-o em Markdown em um
> arquivo e informe o nome desse arquivo na configuração \`ABOUT_FILE\`. Diga, no mínimo, o que as
> seções abaixo pedem.

## Quem mantém este calendário {#who-runs-this-calendar}

Informe o nome do grupo ou das pessoas por trás deste site e onde atuam.

## Contato {#contact}

Como falar com a moderação: um endereço de e-mail e como enviar informações sensíveis com segurança.

## Política de moderação {#moderation-policy}

O que é publicado e o que não é, em quanto tempo os envios são analisados, por que um evento pode ser
recusado ou removido e como recorrer. Toda recusa e toda remoção aparecem no
[registro de transparência](/log).

## O que significa “Verificado” {#what-verified-means}

O selo Verificado significa que a moderação confirmou o evento com uma organização de confiança.
Informe quais organizações verificam eventos aqui e como uma organização pode se tornar uma delas.
`,
  ur: `# اس کیلنڈر کے بارے میں

یہ فلسطین کی حمایت میں احتجاجی، ثقافتی، تعلیمی اور ڈیجیٹل تقریبات کا ایک کمیونٹی کیلنڈر ہے۔ کوئی بھی
تقریب جمع کرا سکتا ہے؛ رضاکار ماڈریٹر ہر تقریب کو شائع کرنے سے پہلے اس کا جائزہ لیتے ہیں۔

> **اس سائٹ کو چلانے والوں کے لیے:** اس متن کو اپنے متن سے بدل دیں۔ اسے Markdown میں کسی فائل میں
> لکھیں اور اس فائل کا نام \`ABOUT_FILE\` سیٹنگ میں درج کریں۔ کم از کم وہ باتیں ضرور بتائیں جو نیچے
> کے حصوں میں پوچھی گئی ہیں۔

## یہ کیلنڈر کون چلاتا ہے {#who-runs-this-calendar}

اس سائٹ کے پیچھے موجود گروپ یا افراد کا نام لکھیں، اور یہ بتائیں کہ وہ کہاں مقیم ہیں۔

## رابطہ {#contact}

ماڈریٹروں تک کیسے پہنچا جائے: ایک ای میل پتہ، اور یہ کہ کوئی حساس معلومات محفوظ طریقے سے کیسے
بھیجی جائیں۔

## ماڈریشن پالیسی {#moderation-policy}

کیا شائع ہوتا ہے اور کیا نہیں، جمع کرائی گئی تقریبات کا جائزہ کتنی جلدی لیا جاتا ہے، کسی تقریب کو کن
وجوہات کی بنا پر مسترد کیا جا سکتا ہے یا ہٹایا جا سکتا ہے، اور فیصلے کے خلاف اپیل کیسے کی جائے۔ ہر
مسترد کی گئی اور ہٹائی گئی تقریب [شفافیت ریکارڈ](/log) میں درج ہوتی ہے۔

## “تصدیق شدہ” کا کیا مطلب ہے {#what-verified-means}

“تصدیق شدہ” کے نشان کا مطلب ہے کہ کسی ماڈریٹر نے کسی قابلِ اعتماد تنظیم سے اس تقریب کی تصدیق کی
ہے۔ یہاں بتائیں کہ کون سی تنظیمیں تقریبات کی تصدیق کرتی ہیں، اور کوئی تنظیم ان میں کیسے شامل ہو سکتی ہے۔
`,
};
